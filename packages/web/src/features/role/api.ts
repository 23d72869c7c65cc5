import { roleResource } from '@gw/contracts';

export const ROLE_PATH = roleResource.path;
