/**
 * The icons the route table names (meta.icon), re-exported one by one so the bundle carries these few and not the
 * whole icon set. A route with a new icon name needs a line here.
 */
export {
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  BugOutlined,
  CloudUploadOutlined,
  ClusterOutlined,
  ControlOutlined,
  DashboardOutlined,
  DownloadOutlined,
  EnvironmentOutlined,
  ExportOutlined,
  FileTextOutlined,
  HddOutlined,
  ImportOutlined,
  KeyOutlined,
  LineChartOutlined,
  LoginOutlined,
  MessageOutlined,
  QrcodeOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ShopOutlined,
  SwapOutlined,
  TagsOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  UserOutlined,
} from '@ant-design/icons';
