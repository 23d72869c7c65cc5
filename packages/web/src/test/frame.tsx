import type { ReactNode } from 'react';
import { FeatureSlots } from '../app/slots';

/** A page with what the console's frame hands it of other features (设备详情), as it is rendered there. */
export const inFrame = (page: ReactNode) => <FeatureSlots>{page}</FeatureSlots>;
