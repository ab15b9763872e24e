import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ApiError, fieldLabel, issueSentence, parseOrThrow } from '../../functions/_shared/http.ts';
import { failureText } from '../../src/islands/admin/generator/generator-view.ts';
import { ApiRequestError, errorText } from '../../src/lib/api/client.ts';
import { itMaps } from '../helpers/table.ts';

// The `error` of a 400 is a sentence a person reads: the rule's own words, never a
// "Invalid request: field: " prefix; the per-field `issues` beside it keep the paths.

describe('API error sentences', () => {
  itMaps(
    issueSentence,
    [
      [
        { path: 'username', message: 'Username must be at least 3 characters' },
        'Username must be at least 3 characters',
      ],
      [{ path: 'image', message: 'Must be a valid URL' }, 'Image must be a valid URL'],
      [{ path: 'social.videoUrl', message: 'Must be a valid URL' }, 'Video URL must be a valid URL'],
      [{ path: 'offset', message: 'Must be at most 100000' }, 'Offset must be at most 100000'],
      [{ path: 'id', message: 'Is too large' }, 'ID is too large'],
      [
        { path: 'videoDuration', message: 'Invalid type: Expected number but received "x"' },
        'Video duration is not valid: expected number but received "x"',
      ],
      [
        { path: 'ingredients.2', message: 'An ingredient must not be empty' },
        'An ingredient must not be empty',
      ],
      [{ path: '', message: 'Expected a JSON object' }, 'Expected a JSON object'],
    ],
    '%j → %s',
  );

  it('labels paths the way people name fields', () => {
    expect(fieldLabel('siteUrl')).toBe('Site URL');
    expect(fieldLabel('nutrition.saturatedFat')).toBe('Saturated fat');
    expect(fieldLabel('tags.0')).toBe('Tags');
    expect(fieldLabel('isPublished')).toBe('Published');
  });

  it('a failed parse throws a 400 with the first sentence and every issue', () => {
    const schema = v.object({
      username: v.pipe(v.string(), v.minLength(3, 'Username must be at least 3 characters')),
      email: v.pipe(v.string(), v.email('Invalid email address')),
    });
    let thrown: unknown;
    try {
      parseOrThrow(schema, { username: 'ab', email: 'nope' }, 'request');
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    const err = thrown as ApiError;
    expect(err.status).toBe(400);
    expect(err.message).toBe('Username must be at least 3 characters');
    expect(err.issues).toEqual([
      { path: 'username', message: 'Username must be at least 3 characters' },
      { path: 'email', message: 'Invalid email address' },
    ]);
  });
});

describe('the dashboard shows the sentence, never the raw answer', () => {
  const failed = (status: number, body: string) =>
    new ApiRequestError(status, 'Internal Server Error', body, undefined);

  it('a JSON error body: its sentence', () => {
    const err = failed(500, '{"error":"Something went wrong on our side. Please try again."}');
    expect(err.message).toBe('500: {"error":"Something went wrong on our side. Please try again."}');
    expect(errorText(err, 'The recipes could not be loaded.')).toBe(
      'Something went wrong on our side. Please try again.',
    );
    expect(failureText(err, 'The recipe could not be generated.')).toBe(
      'Something went wrong on our side. Please try again.',
    );
  });

  it('a body without a sentence (an HTML error page, nothing) or no answer at all: the fallback', () => {
    expect(failureText(failed(502, '<html>Bad gateway</html>'), 'The batch could not be started.')).toBe(
      'The batch could not be started.',
    );
    expect(errorText(failed(500, ''), 'The settings could not be loaded.')).toBe(
      'The settings could not be loaded.',
    );
    expect(errorText(new TypeError('Failed to fetch'), 'The settings could not be loaded.')).toBe(
      'The settings could not be loaded.',
    );
  });
});
