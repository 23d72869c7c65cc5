import { Result } from 'antd';
import { Link } from 'react-router';
import { ERROR_TEXT } from './messages';

/** Where unknown paths end. */
export default function NotFoundPage() {
  return (
    <Result
      status="404"
      title={ERROR_TEXT.notFoundTitle}
      subTitle={ERROR_TEXT.notFound}
      extra={<Link to="/">{ERROR_TEXT.home}</Link>}
    />
  );
}
