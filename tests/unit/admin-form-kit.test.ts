import { describe, expect, it } from 'vitest';
import { bindFields, valueAt, valuesFrom, withValueAt } from '../../src/islands/admin/shared/form-values.ts';
import { listEdits } from '../../src/islands/admin/shared/list-edits.ts';

// The admin form kit's logic: values read and written by dotted path, controls bound to them, and
// the edits of a list editor's rows.

const footer = { companyName: 'Forkful', links: { privacy: '/privacy', terms: '' }, count: 3, none: null };

describe('form values by path', () => {
  it.each([
    ['companyName', 'Forkful'],
    ['links.privacy', '/privacy'],
    ['links.missing', undefined],
    ['companyName.deeper', undefined],
    ['none.deeper', undefined],
  ])('reads %s', (path, expected) => {
    expect(valueAt(footer, path)).toBe(expected);
  });

  it.each([
    ['companyName', 'Other', { ...footer, companyName: 'Other' }],
    ['links.terms', '/terms', { ...footer, links: { privacy: '/privacy', terms: '/terms' } }],
    ['social.youtube', 'y', { ...footer, social: { youtube: 'y' } }],
  ])('writes %s without touching the original', (path, value, expected) => {
    const before = structuredClone(footer);
    expect(withValueAt(footer, path, value)).toEqual(expected);
    expect(footer).toEqual(before);
  });
});

describe("a form's first values", () => {
  const defaults = { title: '', categoryId: null as number | null, isPublished: true };
  it.each([
    ['a new item', undefined, defaults],
    [
      'an edited item',
      { title: 'Pie', categoryId: 2, isPublished: false, views: 9 },
      { title: 'Pie', categoryId: 2, isPublished: false },
    ],
    [
      'an item missing a value',
      { title: 'Pie', categoryId: null },
      { title: 'Pie', categoryId: null, isPublished: true },
    ],
  ])('for %s', (_name, item, expected) => {
    expect(valuesFrom(item, defaults)).toEqual(expected);
  });
});

describe('bound controls', () => {
  const written: [string, string | boolean][] = [];
  const field = bindFields(footer, (path, value) => written.push([path, value]), {
    'links.privacy': 'Enter a link',
  });

  it.each([
    ['companyName', { name: 'companyName', value: 'Forkful', error: undefined }],
    ['links.privacy', { name: 'links.privacy', value: '/privacy', error: 'Enter a link' }],
    ['count', { name: 'count', value: '3', error: undefined }],
    ['none', { name: 'none', value: '', error: undefined }],
  ])('gives %s its name, text and error', (path, expected) => {
    expect(field.text(path)).toMatchObject(expected);
  });

  it('writes through the setter by path', () => {
    field.text('links.terms').onChange('/terms');
    field.check('companyName').onChange(false);
    expect(written).toEqual([
      ['links.terms', '/terms'],
      ['companyName', false],
    ]);
    expect(field.check('count').checked).toBe(true);
    expect(field.check('none').checked).toBe(false);
  });
});

describe('list editor edits', () => {
  let fresh = 0;
  const newItem = () => ({ id: `new${++fresh}` });
  const rows = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
  const ids = (
    edit: (edits: ReturnType<typeof listEdits<{ id: string }>>) => void,
    list = rows,
    keepOne = false,
  ) => {
    let result: { id: string }[] = [];
    edit(listEdits(list, (next) => (result = next), { newItem, keepOne }));
    return result.map((r) => r.id);
  };

  it.each<[string, (e: ReturnType<typeof listEdits<{ id: string }>>) => void, string[]]>([
    ['moves a row up', (e) => e.moveUp(1), ['b', 'a', 'c']],
    ['keeps the first row first', (e) => e.moveUp(0), ['a', 'b', 'c']],
    ['moves a row down', (e) => e.moveDown(1), ['a', 'c', 'b']],
    ['keeps the last row last', (e) => e.moveDown(2), ['a', 'b', 'c']],
    ['removes a row', (e) => e.remove(1), ['a', 'c']],
    ['changes one row', (e) => e.update(2, { id: 'z' }), ['a', 'b', 'z']],
  ])('%s', (_name, edit, expected) => {
    expect(ids(edit)).toEqual(expected);
  });

  it('adds a fresh row at the end', () => {
    expect(ids((e) => e.add())).toEqual(['a', 'b', 'c', `new${fresh}`]);
  });

  it.each([
    [false, []],
    [true, ['fresh']],
  ])('removing the only row with keepOne %s leaves %j', (keepOne, expected) => {
    const only = ids((e) => e.remove(0), [{ id: 'a' }], keepOne);
    expect(only.map((id) => (id.startsWith('new') ? 'fresh' : id))).toEqual(expected);
  });
});
