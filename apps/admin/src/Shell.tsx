import { adminPaths, adminProfessionalPaths } from '@beurs/contract/paths';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Layout, Menu, Space, Spin, Tag, Typography } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { api } from './api';
import { LanguageSwitch } from './LanguageSwitch';
import { useI18n } from './i18n';
import { useSession, type StaffCall } from './session';

// The frame of every screen: the menu (only what the role may use, queue counts), the signed-in
// staff member with the language switch and sign-out, and the screens, each loaded when opened.

const Queues = lazy(() => import('./screens/Queues'));
const Users = lazy(() => import('./screens/Users'));
const Staff = lazy(() => import('./screens/Staff'));
const Channels = lazy(() => import('./screens/Channels'));
const AuditLog = lazy(() => import('./screens/AuditLog'));
const Account = lazy(() => import('./screens/Account'));
const Support = lazy(() => import('./screens/Support'));
const Fees = lazy(() => import('./screens/Fees'));
const Reconciliation = lazy(() => import('./screens/Reconciliation'));
const Offerings = lazy(() => import('./screens/Offerings'));
const Placements = lazy(() => import('./screens/Placements'));
const MarginSettings = lazy(() => import('./screens/MarginSettings'));
const Strategies = lazy(() => import('./screens/Strategies'));

type Entry = {
  path: string;
  label: string;
  call: StaffCall;
  count?: number;
};

/** Pending items of each queue (the list's total). */
function useQueueCounts(may: (name: StaffCall) => boolean) {
  return useQuery({
    queryKey: ['queue-counts'],
    refetchInterval: 30_000,
    queryFn: async () => {
      const total = async (run: () => Promise<{ total: number }>, name: StaffCall) =>
        may(name) ? (await run()).total : 0;
      const page = { pageSize: 1 };
      const escalated = { ...page, queue: 'escalated' as const };
      const [
        identity,
        deposits,
        withdrawals,
        corrections,
        professional,
        withdrawalBars,
        escalatedDeposits,
        escalatedWithdrawals,
      ] = await Promise.all([
        total(() => api.call(adminPaths.identityList, page, { quiet: true }), 'identityList'),
        total(() => api.call(adminPaths.depositList, page, { quiet: true }), 'depositList'),
        total(() => api.call(adminPaths.withdrawalList, page, { quiet: true }), 'withdrawalList'),
        total(() => api.call(adminPaths.correctionList, page, { quiet: true }), 'correctionList'),
        total(
          () => api.call(adminProfessionalPaths.professionalList, page, { quiet: true }),
          'professionalList',
        ),
        total(() => api.call(adminPaths.withdrawalBarList, page, { quiet: true }), 'withdrawalBarList'),
        total(() => api.call(adminPaths.depositList, escalated, { quiet: true }), 'depositList'),
        total(() => api.call(adminPaths.withdrawalList, escalated, { quiet: true }), 'withdrawalList'),
      ]);
      return {
        identity,
        deposits,
        withdrawals,
        corrections,
        professional,
        withdrawalBars,
        escalatedDeposits,
        escalatedWithdrawals,
      };
    },
  });
}

export function Shell() {
  const { t } = useI18n();
  const { session, setSession, may } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const counts = useQueueCounts(may).data;
  if (!session) return null;

  const entries: Entry[] = [
    { path: '/queues/identity', label: t('menu.identity'), call: 'identityList', count: counts?.identity },
    { path: '/queues/deposits', label: t('menu.deposits'), call: 'depositList', count: counts?.deposits },
    {
      path: '/queues/withdrawals',
      label: t('menu.withdrawals'),
      call: 'withdrawalList',
      count: counts?.withdrawals,
    },
    {
      path: '/queues/corrections',
      label: t('menu.corrections'),
      call: 'correctionList',
      count: counts?.corrections,
    },
    {
      path: '/queues/professional',
      label: t('menu.professional'),
      call: 'professionalList',
      count: counts?.professional,
    },
    {
      path: '/queues/withdrawalBars',
      label: t('menu.withdrawalBars'),
      call: 'withdrawalBarList',
      count: counts?.withdrawalBars,
    },
    {
      path: '/queues/escalatedDeposits',
      label: t('menu.escalatedDeposits'),
      call: 'depositList',
      count: counts?.escalatedDeposits,
    },
    {
      path: '/queues/escalatedWithdrawals',
      label: t('menu.escalatedWithdrawals'),
      call: 'withdrawalList',
      count: counts?.escalatedWithdrawals,
    },
    { path: '/users', label: t('menu.users'), call: 'userDetail' },
    { path: '/support', label: t('menu.support'), call: 'supportConversations' },
    { path: '/channels', label: t('menu.channels'), call: 'depositChannelList' },
    { path: '/fees', label: t('menu.fees'), call: 'feeSchedule' },
    { path: '/margin', label: t('menu.marginSettings'), call: 'marginSettingsList' },
    { path: '/offerings', label: t('menu.offerings'), call: 'ipoList' },
    { path: '/placements', label: t('menu.placements'), call: 'placementList' },
    { path: '/strategies', label: t('menu.strategies'), call: 'strategyList' },
    { path: '/staff', label: t('menu.staff'), call: 'staffList' },
    { path: '/audit', label: t('menu.audit'), call: 'auditLog' },
    { path: '/reconciliation', label: t('menu.reconciliation'), call: 'reconciliation' },
    { path: '/account', label: t('menu.account'), call: 'me' },
  ];
  const visible = entries.filter((entry) => may(entry.call));
  const selected = visible.find((entry) => location.pathname.startsWith(entry.path))?.path;
  const home = visible[0]?.path ?? '/account';

  const guard = (call: StaffCall, element: ReactNode) =>
    may(call) ? element : <Navigate to={home} replace />;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={232} theme="light" breakpoint="lg" collapsedWidth={72}>
        <Typography.Title level={5} style={{ padding: '20px 20px 12px', margin: 0, color: '#0b3d91' }}>
          {t('shell.title')}
        </Typography.Title>
        <Menu
          mode="inline"
          selectedKeys={selected ? [selected] : []}
          onClick={({ key }) => navigate(key)}
          items={visible.map((entry) => ({
            key: entry.path,
            label: (
              <Space style={{ justifyContent: 'space-between', width: '100%' }}>
                {entry.label}
                {entry.count !== undefined && (
                  <Badge count={entry.count} showZero color={entry.count ? '#cf1322' : '#8c8c8c'} />
                )}
              </Space>
            ),
          }))}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
            gap: 16,
            padding: '0 24px',
          }}
        >
          <Typography.Text data-testid="signed-in">
            {session.username} <Tag>{t(`roles.${session.role}`)}</Tag>
          </Typography.Text>
          <LanguageSwitch />
          <Button
            onClick={() =>
              void api
                .call(adminPaths.logout, {}, { quiet: true })
                .catch(() => undefined)
                .finally(() => setSession(null))
            }
          >
            {t('shell.signOut')}
          </Button>
        </Layout.Header>
        <Layout.Content style={{ padding: 24, minWidth: 0 }}>
          <Suspense fallback={<Spin />}>
            <Routes>
              <Route path="/queues/:kind" element={<Queues />} />
              <Route path="/users" element={guard('userDetail', <Users />)} />
              <Route path="/users/:account" element={guard('userDetail', <Users />)} />
              <Route path="/support" element={guard('supportConversations', <Support />)} />
              <Route path="/channels" element={guard('depositChannelList', <Channels />)} />
              <Route path="/fees" element={guard('feeSchedule', <Fees />)} />
              <Route path="/margin" element={guard('marginSettingsList', <MarginSettings />)} />
              <Route path="/offerings" element={guard('ipoList', <Offerings />)} />
              <Route path="/placements" element={guard('placementList', <Placements />)} />
              <Route path="/strategies" element={guard('strategyList', <Strategies />)} />
              <Route path="/staff" element={guard('staffList', <Staff />)} />
              <Route path="/audit" element={guard('auditLog', <AuditLog />)} />
              <Route path="/reconciliation" element={guard('reconciliation', <Reconciliation />)} />
              <Route path="/account" element={<Account />} />
              <Route path="*" element={<Navigate to={home} replace />} />
            </Routes>
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
