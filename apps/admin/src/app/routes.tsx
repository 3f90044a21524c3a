import {
  AccountBookOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  CommentOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  EyeOutlined,
  FileDoneOutlined,
  FireOutlined,
  GiftOutlined,
  HistoryOutlined,
  LayoutOutlined,
  MoneyCollectOutlined,
  PercentageOutlined,
  PictureOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingOutlined,
  TagsOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { holdsPermission } from '@yaocai/domain';
import type { ConsoleRoute } from './route-types';

/**
 * THE route table of the operator console: the router, the side menu, the breadcrumbs and the
 * access guard read this one list. Only screens that work are listed.
 */
export const consoleRoutes: ConsoleRoute[] = [
  {
    // Any operator: each part of it shows only with its permission (the server decides).
    path: '/dashboard',
    title: '工作台',
    group: 'home',
    icon: DashboardOutlined,
    page: () => import('../features/dashboard/pages/DashboardPage'),
  },
  {
    path: '/goods',
    title: '商品管理',
    group: 'goods',
    icon: AppstoreOutlined,
    permission: 'goods:read',
    page: () => import('../features/goods/pages/GoodsListPage'),
  },
  {
    path: '/goods/sale-controls',
    title: '控销管理',
    group: 'goods',
    icon: SafetyCertificateOutlined,
    permission: 'goods:write',
    page: () => import('../features/goods/pages/SaleControlsPage'),
  },
  {
    path: '/goods/new',
    title: '新建商品',
    permission: 'goods:write',
    parent: '/goods',
    page: () => import('../features/goods/pages/GoodsEditPage'),
  },
  {
    path: '/goods/:id',
    title: '商品详情',
    permission: 'goods:read',
    parent: '/goods',
    page: () => import('../features/goods/pages/GoodsEditPage'),
  },
  {
    path: '/orders',
    title: '订单发货',
    group: 'order',
    icon: ProfileOutlined,
    permission: 'orders:read',
    page: () => import('../features/order/pages/OrdersConsole'),
  },
  {
    path: '/after-sales',
    title: '售后处理',
    group: 'order',
    icon: CustomerServiceOutlined,
    permission: 'after_sales:write',
    page: () => import('../features/order/pages/AfterSalesConsole'),
  },
  {
    path: '/receipts',
    title: '含麻回执',
    group: 'order',
    icon: FileDoneOutlined,
    permission: 'receipts:review',
    page: () => import('../features/order/pages/ReceiptsConsole'),
  },
  {
    path: '/records',
    title: '质量记录',
    group: 'order',
    icon: SafetyCertificateOutlined,
    permission: 'orders:read',
    page: () => import('../features/compliance/pages/RecordsPage'),
  },
  {
    path: '/invoices',
    title: '发票管理',
    group: 'order',
    icon: AccountBookOutlined,
    permission: 'invoices:write',
    page: () => import('../features/invoices/pages/InvoicesPage'),
  },
  {
    path: '/manjian',
    title: '满减活动',
    group: 'promotion',
    icon: TagsOutlined,
    permission: 'promotions:write',
    page: () => import('../features/promotion/pages/ManjianPage'),
  },
  {
    path: '/coupons',
    title: '优惠券',
    group: 'promotion',
    icon: TagsOutlined,
    permission: 'promotions:write',
    page: () => import('../features/promotion/pages/CouponsPage'),
  },
  {
    path: '/lotteries',
    title: '抽奖活动',
    group: 'promotion',
    icon: GiftOutlined,
    permission: 'promotions:write',
    page: () => import('../features/promotion/pages/LotteriesPage'),
  },
  {
    path: '/activity-pages',
    title: '活动页',
    group: 'promotion',
    icon: LayoutOutlined,
    permission: 'promotions:write',
    page: () => import('../features/promotion/pages/ActivityPagesPage'),
  },
  {
    path: '/daily-specials',
    title: '每日特价',
    group: 'promotion',
    icon: FireOutlined,
    permission: 'promotions:write',
    page: () => import('../features/promotion/pages/DailySpecialsPage'),
  },
  {
    path: '/welfare',
    title: '福利折扣',
    group: 'promotion',
    icon: PercentageOutlined,
    permission: 'promotions:write',
    page: () => import('../features/promotion/pages/WelfareActivitiesPage'),
  },
  {
    path: '/cash-back',
    title: '满额返现',
    group: 'promotion',
    icon: MoneyCollectOutlined,
    permission: 'promotions:write',
    page: () => import('../features/promotion/pages/CashBackActivitiesPage'),
  },
  {
    path: '/special-preview',
    title: '活动预览',
    group: 'promotion',
    icon: EyeOutlined,
    permission: 'promotions:write',
    page: () => import('../features/promotion/pages/SpecialPreviewPage'),
  },
  {
    path: '/spike',
    title: '秒杀活动',
    group: 'promotion',
    icon: ThunderboltOutlined,
    permission: 'promotions:write',
    page: () => import('../features/promotion/pages/SpikePage'),
  },
  {
    path: '/rewards',
    title: '积分商城',
    group: 'promotion',
    icon: ShopOutlined,
    permission: 'promotions:write',
    page: () => import('../features/promotion/pages/RewardsPage'),
  },
  {
    path: '/content',
    title: '内容管理',
    group: 'content',
    icon: PictureOutlined,
    permission: 'content:write',
    page: () => import('../features/content/pages/ContentPage'),
  },
  {
    path: '/categories',
    title: '分类管理',
    group: 'content',
    icon: ApartmentOutlined,
    permission: 'content:write',
    page: () => import('../features/categories/pages/CategoriesPage'),
  },
  {
    path: '/settings',
    title: '站点设置',
    group: 'content',
    icon: SettingOutlined,
    permission: 'content:write',
    page: () => import('../features/settings/pages/SettingsPage'),
  },
  {
    path: '/buyers',
    title: '会员企业',
    group: 'buyer',
    icon: ShopOutlined,
    permission: 'buyers:read',
    page: () => import('../features/buyer/pages/CompaniesPage'),
  },
  {
    path: '/buyers/:id',
    title: '企业详情',
    permission: 'buyers:read',
    parent: '/buyers',
    page: () => import('../features/buyer/pages/CompanyPage'),
  },
  {
    path: '/qualifications',
    title: '资质审核',
    group: 'buyer',
    icon: AuditOutlined,
    permission: 'buyers:review',
    page: () => import('../features/review/pages/ReviewQueuePage'),
  },
  {
    path: '/qualifications/:id',
    title: '企业资质审核',
    permission: 'buyers:review',
    parent: '/qualifications',
    page: () => import('../features/review/pages/ReviewCompanyPage'),
  },
  {
    path: '/feedback',
    title: '意见反馈',
    group: 'buyer',
    icon: CommentOutlined,
    permission: 'feedback:write',
    page: () => import('../features/feedback/pages/FeedbackPage'),
  },
  {
    path: '/item-requests',
    title: '品种求购',
    group: 'buyer',
    icon: ShoppingOutlined,
    permission: 'item_requests:write',
    page: () => import('../features/item-requests/pages/ItemRequestsPage'),
  },
  {
    path: '/credit',
    title: '账期额度',
    group: 'buyer',
    icon: WalletOutlined,
    permission: 'credit:write',
    page: () => import('../features/buyer/pages/CreditPage'),
  },
  {
    path: '/operators',
    title: '操作员与角色',
    group: 'system',
    icon: TeamOutlined,
    permission: 'operators:write',
    page: () => import('../features/operator/pages/OperatorsPage'),
  },
  {
    path: '/audit',
    title: '审计日志',
    group: 'system',
    icon: HistoryOutlined,
    permission: 'audit:read',
    page: () => import('../features/audit/pages/AuditPage'),
  },
];

export const routeByPath = (path: string) => consoleRoutes.find((r) => r.path === path);

/** Whether an operator holding `permissions` may open a route. */
export const canOpen = (route: ConsoleRoute, permissions: readonly string[]) =>
  holdsPermission(permissions, route.permission);

/** Where the console opens for an operator: the first menu screen it may use. */
export const homePathFor = (permissions: readonly string[]) =>
  consoleRoutes.find((r) => r.group && canOpen(r, permissions))?.path;

/** The breadcrumb trail of a route, root first. */
export function breadcrumbOf(route: ConsoleRoute): ConsoleRoute[] {
  const parent = route.parent ? routeByPath(route.parent) : undefined;
  return parent ? [...breadcrumbOf(parent), route] : [route];
}
