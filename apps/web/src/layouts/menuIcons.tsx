import type { ComponentType, ReactNode } from 'react';
import {
  AlertOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BellOutlined,
  CarOutlined,
  ClusterOutlined,
  CloudServerOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  EnvironmentOutlined,
  FileOutlined,
  FileTextOutlined,
  FolderOutlined,
  HomeOutlined,
  LineChartOutlined,
  MonitorOutlined,
  NotificationOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShareAltOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  TableOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';

/** Icon names the server's menu may use (antd icon names), imported one by one to stay small. */
const MENU_ICONS: Readonly<Record<string, ComponentType>> = {
  AlertOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BellOutlined,
  CarOutlined,
  ClusterOutlined,
  CloudServerOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  EnvironmentOutlined,
  FileOutlined,
  FileTextOutlined,
  FolderOutlined,
  HomeOutlined,
  LineChartOutlined,
  MonitorOutlined,
  NotificationOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShareAltOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  TableOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  UserOutlined,
};

/**
 * The icon of a menu entry; unknown names get a neutral icon, entries without a name none.
 * @param name antd icon name such as 'DashboardOutlined'.
 */
export function menuIcon(name: string | undefined): ReactNode {
  if (!name) return null;
  const Icon = MENU_ICONS[name] ?? AppstoreOutlined;
  return <Icon />;
}
