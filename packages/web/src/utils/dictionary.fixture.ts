import type { AreaNode } from '@gw/contracts';

/** A slice of the real dictionary for tests: one province with a city and its self-copy, and Taiwan. */
export const AREA: AreaNode[] = [
  {
    id: 19,
    title: '广东省',
    p_id: null,
    children: [
      {
        id: 4401,
        title: '广州市',
        p_id: 19,
        children: [
          { id: 4401, title: '广州市', p_id: 4401 },
          { id: 440106, title: '天河区', p_id: 4401 },
        ],
      },
    ],
  },
  { id: 32, title: '台湾省', p_id: null },
];

export const DICTIONARY = {
  area: AREA,
  logaction: [
    { value: 1, title: '新增', code: 'add' },
    { value: 2, title: '删除', code: 'delete' },
  ],
};

/** Stores the fixture as the login does. */
export function storeDictionary(): void {
  localStorage.setItem('SYSTEM_DICTIONARY', JSON.stringify(DICTIONARY));
}
