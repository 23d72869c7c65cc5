import { describe, expect, it } from 'vitest';
import * as contracts from './index.js';
import { type ResourceDescriptor, dialogTitles } from './resource.js';

/** Every resource descriptor the contracts export: what the console's lists, forms and dialogs are made from. */
const isDescriptor = (value: unknown): value is ResourceDescriptor => {
  const d = value as Partial<ResourceDescriptor> | null;
  return !!d && typeof d === 'object' && typeof d.path === 'string' && typeof d.title === 'string' && !!d.labels && !!d.item;
};
const descriptors: [string, ResourceDescriptor][] = Object.entries(contracts as Record<string, unknown>).flatMap(([name, value]) => (isDescriptor(value) ? [[name, value] as [string, ResourceDescriptor]] : []));

/** Chinese a user reads: at least one Han character and no Latin letter. */
const CHINESE = /^[^A-Za-z]*[\u4e00-\u9fff][^A-Za-z]*$/;

describe('dialog titles', () => {
  it('finds the descriptors', () => {
    expect(descriptors.length).toBeGreaterThan(20);
  });

  it.each(descriptors)('%s: its add and edit dialogs, and those of its actions, are titled in Chinese', (_name, descriptor) => {
    expect(descriptor.title).toMatch(CHINESE);
    if (descriptor.create || descriptor.update) {
      const { add, edit } = dialogTitles(descriptor);
      expect(add).toMatch(CHINESE);
      expect(edit).toMatch(CHINESE);
    }
    for (const action of Object.values(descriptor.actions ?? {})) expect(action.title).toMatch(CHINESE);
  });

  it('names what a form makes where the row’s name says less: a user of any company, a config item', () => {
    expect(dialogTitles(contracts.adminUserResource)).toEqual({ add: '新增用户', edit: '编辑用户' });
    expect(dialogTitles(contracts.configResource)).toEqual({ add: '新增配置项', edit: '编辑配置项' });
    expect(dialogTitles(contracts.deviceResource)).toEqual({ add: '新增网关设备', edit: '编辑网关设备' });
  });
});
