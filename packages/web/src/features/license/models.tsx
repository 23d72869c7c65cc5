import { FLEET_DICT, LICENSE_MODELS, LICENSE_MODEL_ALL, type LicenseCount, MACHINE_TOOL_CATEGORIES } from '@gw/contracts';
import { Space } from 'antd';
import { dictTitle } from '../../utils/dictionary';
import { M } from './messages';

const BUILT_IN = new Map<string, string>(MACHINE_TOOL_CATEGORIES);

/** A count's model as people read it: 全部型号, or the brand's title in the dictionary machinetoolcategory. */
export const modelTitle = (model: string) =>
  model === LICENSE_MODEL_ALL ? M.allModels : dictTitle(FLEET_DICT.machineToolCategory, model) || BUILT_IN.get(model) || model;

/** The models a count may name (those the server accepts), titled. */
export const modelOptions = () => LICENSE_MODELS.map((model) => ({ value: model, label: modelTitle(model) }));

/** 授权数量: one “FANUC 发那科 × 2” per model. */
export function LicenseCounts({ counts }: { counts: readonly LicenseCount[] }) {
  return (
    <Space size={[12, 0]} wrap>
      {counts.map(({ model, count }) => (
        <span key={model}>{M.countOf(modelTitle(model), count)}</span>
      ))}
    </Space>
  );
}
