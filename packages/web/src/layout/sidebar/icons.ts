import { createElement, type ComponentType, type ReactNode } from 'react';
import * as iconSet from './menuIconSet';

/** Menu icons by the names used in meta.icon. */
export const MENU_ICONS: Record<string, ComponentType> = iconSet;

/** The icon a route names, or nothing for an unknown name. */
export function menuIcon(name: string | undefined): ReactNode {
  const Icon = name ? MENU_ICONS[name] : undefined;
  return Icon ? createElement(Icon) : undefined;
}
