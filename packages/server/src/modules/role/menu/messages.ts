/** How the menu tree is described in the API document. */
export const MSG = {
  tags: ['角色'],
} as const;
