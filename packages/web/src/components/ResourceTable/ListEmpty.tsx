import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty } from 'antd';
import { useResourceListContext } from './context';
import { RT } from './messages';

/**
 * What an empty list shows: what belongs in it and, where the user may and can now, the first step (新增…); when
 * the search or filters left nothing, that nothing matched and a way back to the whole list.
 */
export function ListEmpty() {
  const list = useResourceListContext();
  const { keywords, dateRange, filters } = list.query;
  if (keywords || dateRange || Object.keys(filters).length) {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={RT.noMatch}>
        <Button onClick={list.reset}>{RT.clearFilters}</Button>
      </Empty>
    );
  }
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={list.emptyText}>
      {/* no first step while 新增 is refused: the toolbar's disabled 新增 says why */}
      {list.allowed.add && !list.addRefused && (
        <Button type="primary" icon={<PlusOutlined />} onClick={list.editor.openAdd}>
          {list.dialogTitles.add}
        </Button>
      )}
    </Empty>
  );
}
