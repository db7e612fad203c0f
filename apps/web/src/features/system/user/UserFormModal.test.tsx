import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { UserRoutes, type UserRecord } from '@ztj/contracts';
import { UserFormModal } from './UserFormModal';
import { setupEnglishUi, stubLayoutApis, withProviders } from '../../../test/jsdom';

const callApi = vi.fn();
vi.mock('../../../platform/http/callApi', () => ({ callApi: (...a: unknown[]) => callApi(...a) }));
stubLayoutApis();

const USER: UserRecord = {
  id: 'u1',
  username: 'alice01',
  realname: 'Alice',
  avatar: null,
  birthday: null,
  sex: null,
  email: null,
  phone: '13800138000',
  telephone: null,
  workNo: null,
  post: null,
  orgCode: null,
  orgCodeTxt: null,
  status: 1,
  userIdentity: 1,
  defaultMonitorAccount: null,
  onlyMultiLevelAlarm: false,
  alarmPushMode: [],
  createBy: null,
  createTime: null,
  updateTime: null,
  departIds: null,
  departIds_dictText: null,
  departName: null,
};

setupEnglishUi(['system', 'list', 'widgets'], () => callApi.mockReset());

/** The server's answers: the user's roles and departments as `links` says (never: still loading). */
function serve(links: 'never' | 'loaded'): void {
  callApi.mockImplementation((route: unknown) => {
    if (route === UserRoutes.queryUserRole)
      return links === 'never' ? new Promise(() => undefined) : Promise.resolve(['r1']);
    if (route === UserRoutes.userDepartList)
      return links === 'never' ? new Promise(() => undefined) : Promise.resolve([{ key: 'd1', title: 'Cold store' }]);
    if (route === UserRoutes.edit) return Promise.resolve(null);
    return Promise.resolve([]);
  });
}

async function saveEdit(shown?: string): Promise<Record<string, unknown>> {
  const onSaved = vi.fn();
  render(withProviders(<UserFormModal user={USER} onClose={() => undefined} onSaved={onSaved} />));
  const name = await screen.findByDisplayValue('Alice');
  if (shown) await screen.findByText(shown);
  fireEvent.change(name, { target: { value: 'Alicia' } });
  fireEvent.click(screen.getByRole('button', { name: /OK/ }));
  await waitFor(() => expect(onSaved).toHaveBeenCalled());
  const call = callApi.mock.calls.find(([route]) => route === UserRoutes.edit);
  return (call?.[1] as { body: Record<string, unknown> }).body;
}

describe('user edit dialog', () => {
  it('saved before the roles and departments arrive, it leaves them as they are instead of clearing them', async () => {
    serve('never');
    const body = await saveEdit();
    expect(body.realname).toBe('Alicia');
    expect(body).not.toHaveProperty('selectedroles');
    expect(body).not.toHaveProperty('selecteddeparts');
  });

  it('once they have arrived, it sends them with the edit', async () => {
    serve('loaded');
    const body = await saveEdit('Cold store');
    expect(body).toMatchObject({ realname: 'Alicia', selectedroles: 'r1', selecteddeparts: 'd1' });
  });
});
