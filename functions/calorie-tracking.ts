import * as v from 'valibot';
import { getDb } from '../db/client.ts';
import {
  CalorieEntryInputSchema,
  CalorieGoalInputSchema,
  IsoDate,
  type CalorieDay,
} from '../src/lib/schemas/calorie-entry.ts';
import { json, notFound, parseOrThrow, queryOf, readJson } from './_shared/http.ts';
import { IdParam, pathParam } from './_shared/params.ts';
import { defineRoutes, type Config } from './_shared/router.ts';
import { requireUser } from './_shared/session.ts';
import {
  addEntry,
  calorieGoal,
  deleteEntry,
  entriesOfDay,
  setCalorieGoal,
} from './_shared/services/calories.ts';

// The calorie tracker. Logged-in only, and strictly per user: a
// list shows only the caller's entries, and another user's entry id answers 404 like a missing one.

export const config: Config = {
  path: ['/api/calorie-tracking', '/api/calorie-tracking/goal', '/api/calorie-tracking/:id'],
  method: ['GET', 'POST', 'PUT', 'DELETE'],
};

const LOGIN_FOR_TRACKER = 'Please log in to track calories';

/** The day defaults to today in UTC; browsers send their own local date. */
const DayQuery = v.object({ date: v.optional(IsoDate, () => new Date().toISOString().slice(0, 10)) });

export default defineRoutes([
  {
    method: 'GET',
    path: '/api/calorie-tracking',
    handler: async (req, { url }) => {
      const user = await requireUser(req, LOGIN_FOR_TRACKER);
      const { date } = parseOrThrow(DayQuery, queryOf(url), 'query');
      const entries = await entriesOfDay(getDb(), user.id, date);
      const day: CalorieDay = {
        date,
        entries,
        total: entries.reduce((sum, e) => sum + e.calories, 0),
        goal: user.calorieGoal,
      };
      return json(day);
    },
  },
  {
    method: 'POST',
    path: '/api/calorie-tracking',
    handler: async (req) => {
      const user = await requireUser(req, LOGIN_FOR_TRACKER);
      const input = await readJson(req, CalorieEntryInputSchema);
      const entry = await addEntry(getDb(), user.id, input);
      if (!entry) throw notFound('Recipe not found.');
      return json(entry, { status: 201 });
    },
  },
  {
    method: 'GET',
    path: '/api/calorie-tracking/goal',
    handler: async (req) => {
      const user = await requireUser(req, LOGIN_FOR_TRACKER);
      return json({ goal: await calorieGoal(getDb(), user.id) });
    },
  },
  {
    method: 'PUT',
    path: '/api/calorie-tracking/goal',
    handler: async (req) => {
      const user = await requireUser(req, LOGIN_FOR_TRACKER);
      const { goal } = await readJson(req, CalorieGoalInputSchema);
      return json({ goal: await setCalorieGoal(getDb(), user.id, goal) });
    },
  },
  {
    method: 'DELETE',
    path: '/api/calorie-tracking/:id',
    handler: async (req, { params }) => {
      const user = await requireUser(req, LOGIN_FOR_TRACKER);
      const id = pathParam(IdParam, params.id, 'id');
      if (!(await deleteEntry(getDb(), user.id, id))) throw notFound('Calorie entry not found.');
      return json({ success: true });
    },
  },
]);
