import type { ComponentType, ReactNode } from 'react';
import * as Icons from '@ant-design/icons';

/**
 * Icon names the server's menu may use (antd icon names). Each icon is named by a static member of
 * the namespace import, so the bundler keeps these 30 icons and drops the rest of the library.
 */
const MENU_ICONS: Readonly<Record<string, ComponentType>> = {
  AlertOutlined: Icons.AlertOutlined,
  ApartmentOutlined: Icons.ApartmentOutlined,
  AppstoreOutlined: Icons.AppstoreOutlined,
  BarChartOutlined: Icons.BarChartOutlined,
  BellOutlined: Icons.BellOutlined,
  CarOutlined: Icons.CarOutlined,
  ClusterOutlined: Icons.ClusterOutlined,
  CloudServerOutlined: Icons.CloudServerOutlined,
  DashboardOutlined: Icons.DashboardOutlined,
  DatabaseOutlined: Icons.DatabaseOutlined,
  DesktopOutlined: Icons.DesktopOutlined,
  EnvironmentOutlined: Icons.EnvironmentOutlined,
  FileOutlined: Icons.FileOutlined,
  FileTextOutlined: Icons.FileTextOutlined,
  FolderOutlined: Icons.FolderOutlined,
  HomeOutlined: Icons.HomeOutlined,
  LineChartOutlined: Icons.LineChartOutlined,
  MonitorOutlined: Icons.MonitorOutlined,
  NotificationOutlined: Icons.NotificationOutlined,
  SafetyOutlined: Icons.SafetyOutlined,
  ScheduleOutlined: Icons.ScheduleOutlined,
  SettingOutlined: Icons.SettingOutlined,
  ShareAltOutlined: Icons.ShareAltOutlined,
  ShopOutlined: Icons.ShopOutlined,
  ShoppingCartOutlined: Icons.ShoppingCartOutlined,
  TableOutlined: Icons.TableOutlined,
  TeamOutlined: Icons.TeamOutlined,
  ThunderboltOutlined: Icons.ThunderboltOutlined,
  ToolOutlined: Icons.ToolOutlined,
  UserOutlined: Icons.UserOutlined,
};

/**
 * The icon of a menu entry; unknown names get a neutral icon, entries without a name none.
 * @param name antd icon name such as 'DashboardOutlined'.
 */
export function menuIcon(name: string | undefined): ReactNode {
  if (!name) return null;
  const Icon = MENU_ICONS[name] ?? Icons.AppstoreOutlined;
  return <Icon />;
}
