import * as v from 'valibot';
import { getDb } from '../db/client.ts';
import { mondayOf } from '../src/lib/notebook-dates.ts';
import { IsoDate } from '../src/lib/schemas/calorie-entry.ts';
import {
  PLAN_LIMITS,
  PlanEntryInputSchema,
  PlanEntryUpdateSchema,
  PlanWeekInputSchema,
} from '../src/lib/schemas/meal-plan.ts';
import { SHOPPING_LIMITS } from '../src/lib/schemas/shopping-item.ts';
import { ApiError, json, notFound, parseOrThrow, queryOf, readJson } from './_shared/http.ts';
import { notebookReader, notebookWriter } from './_shared/notebook-guard.ts';
import { IdParam, pathParam } from './_shared/params.ts';
import { defineRoutes, type Config } from './_shared/router.ts';
import {
  addPlanEntry,
  updatePlanEntry,
  weekEntries,
  type PlanRefusal,
} from './_shared/services/meal-plan.ts';
import { addWeekToList, deletePlanEntry } from './_shared/services/plan-shopping.ts';
import { listItems } from './_shared/services/shopping.ts';

// A cook's meal plan by week (Monday first) and its way onto the shopping list. Signed-in only;
// another cook's entry answers 404 like a missing one; every answer is `private, no-store`.

export const config: Config = {
  path: ['/api/plan', '/api/plan/entries', '/api/plan/entries/:id', '/api/plan/shopping-list'],
  method: ['GET', 'POST', 'PATCH', 'DELETE'],
};

const WeekQuery = v.object({ week: v.optional(IsoDate) });
const DeleteQuery = v.object({
  fromList: v.optional(v.picklist(['true', 'false'], 'fromList must be true or false'), 'false'),
});

function refusal(reason: PlanRefusal): ApiError {
  switch (reason) {
    case 'missing':
      return notFound('Plan entry not found.');
    case 'no-recipe':
      return notFound('Recipe not found.');
    case 'meal-full':
      return new ApiError(
        409,
        `That meal already has ${PLAN_LIMITS.perMeal} recipes. Choose another meal or day.`,
      );
    case 'plan-full':
      return new ApiError(
        409,
        `Your plan is full (${PLAN_LIMITS.perUser.toLocaleString('en')} entries). Remove some past entries first.`,
      );
  }
}

export default defineRoutes([
  {
    method: 'GET',
    path: '/api/plan',
    handler: async (req, { url }) => {
      const user = await notebookReader(req);
      const { week } = parseOrThrow(WeekQuery, queryOf(url), 'query');
      const weekStart = mondayOf(week ?? new Date().toISOString().slice(0, 10));
      return json({ weekStart, entries: await weekEntries(getDb(), user.id, weekStart) });
    },
  },
  {
    method: 'POST',
    path: '/api/plan/entries',
    handler: async (req) => {
      const user = await notebookWriter(req);
      const input = await readJson(req, PlanEntryInputSchema);
      const outcome = await addPlanEntry(getDb(), user.id, input);
      if (typeof outcome === 'string') throw refusal(outcome);
      return json(outcome, { status: 201 });
    },
  },
  {
    method: 'PATCH',
    path: '/api/plan/entries/:id',
    handler: async (req, { params }) => {
      const user = await notebookWriter(req);
      const id = pathParam(IdParam, params.id, 'id');
      const change = await readJson(req, PlanEntryUpdateSchema);
      const outcome = await updatePlanEntry(getDb(), user.id, id, change);
      if (typeof outcome === 'string') throw refusal(outcome);
      return json(outcome);
    },
  },
  {
    method: 'DELETE',
    path: '/api/plan/entries/:id',
    handler: async (req, { params, url }) => {
      const user = await notebookWriter(req);
      const id = pathParam(IdParam, params.id, 'id');
      const { fromList } = parseOrThrow(DeleteQuery, queryOf(url), 'query');
      const outcome = await deletePlanEntry(getDb(), user.id, id, fromList === 'true');
      if (!outcome) throw refusal('missing');
      return json(outcome);
    },
  },
  {
    method: 'POST',
    path: '/api/plan/shopping-list',
    handler: async (req) => {
      const user = await notebookWriter(req);
      const { week } = await readJson(req, PlanWeekInputSchema);
      const outcome = await addWeekToList(getDb(), user.id, mondayOf(week));
      if (outcome.kind === 'full') {
        throw new ApiError(
          409,
          `Your shopping list would have more than ${SHOPPING_LIMITS.itemsPerList} items. Remove some items first.`,
        );
      }
      return json({
        entriesAdded: outcome.entriesAdded,
        linesChanged: outcome.linesChanged,
        items: await listItems(getDb(), user.id),
      });
    },
  },
]);
