import { Button, Result, Space } from 'antd';
import { Link, useNavigate } from 'react-router';
import { ERROR_TEXT } from './messages';

/** Shown when the user lacks the permission for a page. */
export default function NoPermissionPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={ERROR_TEXT.noPermissionTitle}
      subTitle={
        <>
          <div>{ERROR_TEXT.noPermission}</div>
          <div>{ERROR_TEXT.noPermissionHint}</div>
        </>
      }
      extra={
        <Space>
          <Button onClick={() => void navigate(-1)}>{ERROR_TEXT.back}</Button>
          <Link to="/">{ERROR_TEXT.home}</Link>
        </Space>
      }
    />
  );
}
