import { type MpReply, mpReplyResource } from '@gw/contracts';
import { Tabs } from 'antd';
import { ListForm, ListGrid, ListSearchBar, ListToolbar, ResourceList } from '../../components/ResourceTable';
import { M } from './messages';
import { mpReplyColumns } from './mpReplyColumns';
import { MpReplyForm, mpReplyBody } from './MpReplyForm';
import { MpReplyTestCard } from './MpReplyTestCard';
import { NoticeList } from './NoticeList';

/** 回复规则: the 测试 box over the rules, highest priority first, with 新增/编辑/删除 as the user's permissions allow. */
function MpReplyRules() {
  return (
    <>
      <MpReplyTestCard />
      <ResourceList<MpReply>
        descriptor={mpReplyResource}
        columns={mpReplyColumns}
        form={MpReplyForm}
        formWidth={680}
        toBody={mpReplyBody}
      >
        <ListSearchBar />
        <ListToolbar />
        <ListGrid<MpReply> />
        <ListForm<MpReply> />
      </ResourceList>
    </>
  );
}

/**
 * 自动回复: the official account's reply rules (keywords, welcome, default) with a box to test what a message would
 * get, and 通知发件箱, the notices sent to bound users and what became of each. A tab is drawn when first opened.
 */
export default function MpReplyPage() {
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'rules', label: M.rulesTab, children: <MpReplyRules /> },
        { key: 'notices', label: M.noticesTab, children: <NoticeList /> },
      ]}
    />
  );
}
