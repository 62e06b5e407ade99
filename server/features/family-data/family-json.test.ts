import { describe, expect, it } from 'vitest';
import { familyJsonParts, NotFamilyJson, sections, type Part } from './family-json.ts';

const empty = Object.fromEntries(sections.map((s) => [s, []]));
const doc = {
  formatVersion: 1, exportedAt: '2026-11-28T10:00:00Z', exportedByMemberId: 'm1', family: { name: 'The "Q" \\ family', description: null },
  ...empty,
  members: [{ id: 'm1', name: 'Zoë 😀 "quoted" \\back\\slash\\', email: null }],
  lists: [
    { id: 'l1', title: 'Ünïcode ]}[{,:', createdAt: 'x', ignored: { deep: [1, { a: '"]}' }] }, items: [{ id: 'i1', name: 'a\\"b', quantity: -1.5e3 }, { id: 'i2', name: '\u0001\n\t', quantity: null }], comments: [] },
    { id: 'l2', title: 'Empty', createdAt: 'y', items: [], comments: [{ id: 'c1', text: 'x'.repeat(100) }] },
  ],
  recipeTags: ['a', 'b'],
  aiUsage: [{ day: '2026-11-01', count: 3 }],
  unknown: [true, false, null, { x: '}' }],
};

const expected: Part[] = [
  { at: 'header', key: 'formatVersion', value: 1 },
  { at: 'header', key: 'exportedAt', value: doc.exportedAt },
  { at: 'header', key: 'exportedByMemberId', value: 'm1' },
  { at: 'header', key: 'family', value: doc.family },
  { at: 'members', value: doc.members[0] },
  { at: 'listField', list: 0, key: 'id', value: 'l1' },
  { at: 'listField', list: 0, key: 'title', value: doc.lists[0]!.title },
  { at: 'listField', list: 0, key: 'createdAt', value: 'x' },
  { at: 'items', list: 0, value: doc.lists[0]!.items[0] },
  { at: 'items', list: 0, value: doc.lists[0]!.items[1] },
  { at: 'listField', list: 1, key: 'id', value: 'l2' },
  { at: 'listField', list: 1, key: 'title', value: 'Empty' },
  { at: 'listField', list: 1, key: 'createdAt', value: 'y' },
  { at: 'comments', list: 1, value: doc.lists[1]!.comments[0] },
  { at: 'recipeTags', value: 'a' },
  { at: 'recipeTags', value: 'b' },
  { at: 'aiUsage', value: doc.aiUsage[0] },
];

async function partsOf(text: string | Buffer, chunkBytes: number): Promise<Part[]> {
  const bytes = Buffer.from(text);
  async function* chunks() {
    for (let i = 0; i < bytes.length; i += chunkBytes) yield bytes.subarray(i, i + chunkBytes);
  }
  const parts: Part[] = [];
  for await (const part of familyJsonParts(chunks())) parts.push(part);
  return parts;
}

describe('family.json read as a stream', () => {
  it('gives each record as JSON.parse reads it, however the bytes are cut (every chunk size from 1 byte)', async () => {
    for (const text of [JSON.stringify(doc), JSON.stringify(doc, null, 2)]) {
      for (let size = 1; size <= 40; size++) expect(await partsOf(text, size)).toEqual(expected);
      expect(await partsOf(text, 65536)).toEqual(expected);
    }
  });

  it('refuses what is not the format: not JSON, cut short, sections missing, not arrays or out of order', async () => {
    const text = JSON.stringify(doc);
    const { members, ...withoutMembers } = doc;
    const refused = [
      '', '[]', '{"formatVersion":1,}', text.slice(0, -1), `${text} {}`, text.replace('"count":3', '"count":3,'),
      text.replace('"count":3', '"count":tru'), text.replace('"name":"a', '"name":a'),
      JSON.stringify(withoutMembers), JSON.stringify({ ...withoutMembers, members }),
      JSON.stringify({ ...doc, lists: {} }), JSON.stringify({ ...doc, family: [] }),
      JSON.stringify({ ...doc, members: [{ name: 'x'.repeat(2 * 1024 * 1024) }] }),
    ];
    for (const bad of refused) await expect(partsOf(bad, 7), bad.slice(0, 80)).rejects.toBeInstanceOf(NotFamilyJson);
  });
});
