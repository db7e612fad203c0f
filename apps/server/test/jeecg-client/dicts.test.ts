import type { PageResult } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures, exported, type AdminFixtures } from '../admin-fixtures';
import { createTestApp, type TestApp } from '../test-app';
import { expectReplayed } from './calls';
import { jeecgClient, type JeecgClient } from './client';
import { rowsOf, sheet } from './sheet';

type Dict = { id: string; dictCode: string; dictName: string };
type Item = { id: string; itemValue: string; itemText: string };

/**
 * JeecgBoot's dictionary screens (DictList, DictItemList, DictDeleteList, DictModal,
 * DictItemModal) and table-dictionary widgets (JTreeSelect) against this server.
 */
describe('JeecgBoot client: dictionaries', () => {
  let t: TestApp;
  let f: AdminFixtures;
  let c: JeecgClient;
  let dictId: string;
  beforeAll(async () => {
    t = await createTestApp();
    f = await adminFixtures(t);
    c = jeecgClient(t, f.admin);
    dictId = (await c.post<{ id: string }>('/sys/dict/add', { dictName: '温区', dictCode: 'jc_zone', description: '' }))
      .body.result.id;
  });
  afterAll(() => t.close());

  it('manages items as DictItemList does: list with delFlag, check, add with string numbers, edit, batch delete', async () => {
    const free = await c.get('/sys/dictItem/dictItemCheck', { itemValue: '1', dictId });
    expect(free.body.success).toBe(true);
    const a = await c.post<{ id: string }>('/sys/dictItem/add', {
      dictId,
      itemText: '冷冻',
      itemValue: '1',
      description: '',
      sortOrder: 1,
      status: 1,
    });
    expect(a.body.success).toBe(true);
    const b = await c.post<{ id: string }>('/sys/dictItem/add', {
      dictId,
      itemText: '冷藏',
      itemValue: '2',
      sortOrder: 2,
      status: 1,
    });
    const taken = await c.get('/sys/dictItem/dictItemCheck', { itemValue: '1', dictId });
    expect(taken.body).toMatchObject({ success: false, code: 409 });
    expect(
      (await c.get('/sys/dictItem/dictItemCheck', { itemValue: '1', dictId, id: a.body.result.id })).body.success,
    ).toBe(true);
    expect(
      (
        await c.put('/sys/dictItem/edit', {
          id: b.body.result.id,
          itemText: '冷藏区',
          itemValue: '2',
          sortOrder: 3,
          status: 1,
        })
      ).body.success,
    ).toBe(true);
    const list = await c.get<PageResult<Item>>('/sys/dictItem/list', {
      dictId,
      delFlag: 0,
      pageNo: 1,
      pageSize: 10,
      column: 'createTime',
      order: 'desc',
      field: 'id,,,itemText,itemValue,action',
    });
    expect(list.body.result.records.map((i) => i.itemText).sort()).toEqual(['冷冻', '冷藏区']);
    expect((await c.get<string[]>('/sys/dict/getDictItems/jc_zone')).body.result).toHaveLength(2);
    const tmp = await c.post<{ id: string }>('/sys/dictItem/add', {
      dictId,
      itemText: 'x',
      itemValue: '9',
      sortOrder: 9,
      status: 1,
    });
    expect((await c.delete('/sys/dictItem/delete', { id: tmp.body.result.id })).body.success).toBe(true);
    expect(
      (await c.delete('/sys/dictItem/deleteBatch', { ids: `${a.body.result.id},${b.body.result.id},` })).body.success,
    ).toBe(true);
    expect((await c.get<PageResult<Item>>('/sys/dictItem/list', { dictId, delFlag: 0 })).body.result.total).toBe(0);
    expect((await jeecgClient(t, f.otherAdmin).delete('/sys/dictItem/deleteBatch', { ids: 'x' })).body.success).toBe(
      false,
    );
  });

  it('moves deleted dictionaries to the recycle bin, restores them (back/{id}) and deletes them for good (deletePhysic/{id})', async () => {
    const gone = (await c.post<{ id: string }>('/sys/dict/add', { dictName: '回收', dictCode: 'jc_bin' })).body.result
      .id;
    const also = (await c.post<{ id: string }>('/sys/dict/add', { dictName: '回收2', dictCode: 'jc_bin2' })).body.result
      .id;
    expect((await c.put('/sys/dict/edit', { id: gone, dictName: '回收站', dictCode: 'jc_bin' })).body.success).toBe(
      true,
    );
    expect((await c.delete('/sys/dict/delete', { id: gone })).body.success).toBe(true);
    expect((await c.delete('/sys/dict/deleteBatch', { ids: `${also},` })).body.success).toBe(true);
    const bin = await c.get<Dict[]>('/sys/dict/deleteList');
    expect(bin.body.result.map((d) => d.dictCode)).toEqual(expect.arrayContaining(['jc_bin', 'jc_bin2']));
    const listed = await c.get<PageResult<Dict>>('/sys/dict/list', { dictCode: 'jc_bin*', pageNo: 1, pageSize: 10 });
    expect(listed.body.result.total).toBe(0);
    expect((await c.put(`/sys/dict/back/${gone}`)).body.success).toBe(true);
    expect((await c.get<PageResult<Dict>>('/sys/dict/list', { dictCode: 'jc_bin' })).body.result.total).toBe(1);
    expect((await c.delete(`/sys/dict/deletePhysic/${also}`)).body.success).toBe(true);
    expect((await c.get<Dict[]>('/sys/dict/deleteList')).body.result.map((d) => d.id)).not.toContain(also);
    expect((await c.delete(`/sys/dict/deletePhysic/${gone}`)).body).toMatchObject({ success: false, code: 404 });
    expect((await jeecgClient(t, f.otherAdmin).put(`/sys/dict/back/${also}`)).body.success).toBe(false);
  });

  it('answers the dictionary tree, cache refresh and every item at once', async () => {
    const tree = await c.get<(Dict & { key: string; title: string })[]>('/sys/dict/treeList', { dictName: '温' });
    expect(tree.body.result).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: dictId, title: '温区', dictCode: 'jc_zone' })]),
    );
    expect((await c.get<{ dictionaries: number }>('/sys/dict/refleshCache')).body.success).toBe(true);
    expect(Object.keys((await c.get<Record<string, unknown>>('/sys/dict/queryAllDictItems')).body.result)).toContain(
      'sex',
    );
  });

  it('loads table-dictionary trees for JTreeSelect from allow-listed tables only, scoped to the tenant', async () => {
    const root = (await c.post<{ id: string }>('/sys/category/add', { pid: '', name: '树根', code: 'TREE-1' })).body
      .result.id;
    await c.post('/sys/category/add', { pid: root, name: '树枝', code: 'TREE-2' });
    const params = {
      tableName: 'sys_category',
      text: 'name',
      code: 'id',
      pidField: 'pid',
      hasChildField: 'has_child',
      condition: '',
    };
    const roots = await c.get<{ key: string; title: string; leaf: boolean }[]>('/sys/dict/loadTreeData', {
      ...params,
      pid: '0',
    });
    expect(roots.body.result).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: root, title: '树根', leaf: false, isLeaf: false })]),
    );
    const kids = await c.get<{ title: string }[]>('/sys/dict/loadTreeData', { ...params, pid: root });
    expect(kids.body.result.map((k) => k.title)).toEqual(['树枝']);
    const texts = await c.get<string[]>(`/sys/dict/loadDictItem/sys_category,name,id`, { key: root });
    expect(texts.body.result).toEqual(['树根']);
    const departs = await c.get<{ title: string }[]>('/sys/dict/loadTreeData', {
      tableName: 'sys_depart',
      text: 'depart_name',
      code: 'id',
      pidField: 'parent_id',
      pid: '',
    });
    const other = await jeecgClient(t, f.otherAdmin).get<{ title: string }[]>('/sys/dict/loadTreeData', {
      tableName: 'sys_depart',
      text: 'depart_name',
      code: 'id',
      pidField: 'parent_id',
      pid: '',
    });
    expect(departs.body.result.length).toBeGreaterThan(0);
    expect(other.body.result.map((d) => d.title)).not.toEqual(
      expect.arrayContaining(departs.body.result.map((d) => d.title)),
    );
    for (const bad of [
      { ...params, tableName: 'sys_user', text: 'password_hash' },
      { ...params, text: 'name); DROP TABLE sys_user; --' },
      { ...params, pidField: 'tenant_id' },
      { ...params, condition: '{"code":"x"}' },
    ]) {
      expect((await c.get('/sys/dict/loadTreeData', bad)).body).toMatchObject({ success: false, code: 400 });
    }
    expect((await c.get('/sys/dict/loadDictItem/sys_user,password_hash,id', { key: 'x' })).body).toMatchObject({
      success: false,
      code: 400,
    });
    for (const bad of [
      { ...params, tableName: '__proto__' },
      { ...params, tableName: 'constructor' },
      { ...params, text: 'constructor' },
      { ...params, condition: '{"__proto__":"x"}' },
    ]) {
      expect((await c.get('/sys/dict/loadTreeData', bad)).body).toMatchObject({ success: false, code: 400 });
    }
    // JDictSelectTag with a table dictionary code
    const options = await c.get<{ value: string; text: string }[]>('/sys/dict/getDictItems/sys_category,name,id');
    expect(options.body.result).toEqual(
      expect.arrayContaining([expect.objectContaining({ value: root, text: '树根' })]),
    );
    const mineOnly = await jeecgClient(t, f.otherAdmin).get<{ text: string }[]>(
      '/sys/dict/getDictItems/sys_depart,depart_name,id',
    );
    expect(mineOnly.body.result.map((d) => d.text)).not.toEqual(
      expect.arrayContaining(departs.body.result.map((d) => d.title)),
    );
    expect((await c.get('/sys/dict/getDictItems/sys_user,password_hash,id')).body).toMatchObject({
      success: false,
      code: 400,
    });
  });

  it('exports dictionaries through the download center and imports the file back', async () => {
    expect((await c.get('/sys/dict/exportXls', { dictCode: 'jc_zone' })).body.success).toBe(true);
    const file = await exported(t, '/sys/dict/exportXls?dictCode=jc_zone', f.admin);
    const rows = rowsOf(file.body);
    expect(rows[1]).toEqual(expect.arrayContaining(['jc_zone', '温区']));
    const imported = await c.upload<unknown>('/sys/dict/importExcel', [
      {
        filename: 'dict.xlsx',
        content: sheet([
          ['字典编码', '字典名称'],
          ['jc_imported', '导入字典'],
          ['jc_zone', '重复'],
        ]),
      },
    ]);
    expect(imported.body.code).toBe(201);
    expect(
      (await c.get<PageResult<Dict>>('/sys/dict/list', { dictCode: 'jc_imported' })).body.result.records[0]?.dictName,
    ).toBe('导入字典');
    expect((await jeecgClient(t, f.viewer).get('/sys/dict/exportXls')).body).toMatchObject({
      success: false,
      code: 510,
    });
  });

  it('replays every call listed as working, each in the OpenAPI document', async () => {
    const doc = (await t.fastify.inject({ method: 'GET', url: '/ztj-iot/docs/json' })).json() as {
      paths: Record<string, unknown>;
    };
    for (const p of [
      'dict/deleteList',
      'dict/back/{id}',
      'dict/deletePhysic/{id}',
      'dict/treeList',
      'dict/loadTreeData',
      'dict/loadDictItem/{dict}',
      'dictItem/deleteBatch',
      'dictItem/dictItemCheck',
      'dict/exportXls',
      'dict/importExcel',
    ]) {
      expect(Object.keys(doc.paths)).toContain(`/ztj-iot/sys/${p}`);
    }
    await c.get('/sys/duplicate/check', { tableName: 'sys_dict', fieldName: 'dict_code', fieldVal: 'jc_free' });
    expectReplayed('dicts', c);
  });
});
