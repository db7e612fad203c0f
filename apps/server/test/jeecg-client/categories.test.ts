import type { CategoryNode, CategoryRecord, PageResult } from '@ztj/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures, exported, type AdminFixtures } from '../admin-fixtures';
import { createTestApp, type TestApp } from '../test-app';
import { expectReplayed } from './calls';
import { jeecgClient, type JeecgClient } from './client';
import { rowsOf, sheet } from './sheet';

/**
 * JeecgBoot's category screen (SysCategoryList / SysCategoryModal) and its category select
 * (JCategorySelect) against this server: requests as the client builds them, checks of
 * what it reads.
 */
describe('JeecgBoot client: categories', () => {
  let t: TestApp;
  let f: AdminFixtures;
  let c: JeecgClient;
  let root: { id: string; code: string };
  let kid: { id: string; code: string };
  beforeAll(async () => {
    t = await createTestApp();
    f = await adminFixtures(t);
    c = jeecgClient(t, f.admin);
    root = (await c.post<{ id: string; code: string }>('/sys/category/add', { pid: '', name: '冷链品类', code: '' }))
      .body.result;
    kid = (await c.post<{ id: string; code: string }>('/sys/category/add', { pid: root.id, name: '冷冻', code: '' }))
      .body.result;
    await c.post('/sys/category/add', { pid: kid.id, name: '速冻', code: 'FRZ-1' });
  });
  afterAll(() => t.close());

  it('lists roots as a page (records/total, hasChild) and children of an expanded row as an array', async () => {
    const page = await c.get<PageResult<CategoryRecord>>('/sys/category/rootList', {
      pageNo: 1,
      pageSize: 10,
      column: 'createTime',
      order: 'desc',
      field: 'id,,,name,code,action',
    });
    expect(Number(page.body.result.total)).toBeGreaterThan(0);
    const mine = page.body.result.records.find((r) => r.id === root.id)!;
    expect(mine).toMatchObject({ name: '冷链品类', code: root.code, hasChild: '1', pid: null });
    expect(mine.children?.[0]).toMatchObject({ id: kid.id, hasChild: '1' });
    const children = await c.get<CategoryRecord[]>('/sys/category/childList', {
      pageNo: 1,
      pageSize: 10,
      column: 'createTime',
      order: 'desc',
      field: 'id,,,name,code,action',
      pid: root.id,
    });
    expect(children.body.result).toEqual([
      expect.objectContaining({ id: kid.id, pid: root.id, name: '冷冻', hasChild: '1' }),
    ]);
    const batch = await c.get<PageResult<CategoryRecord>>('/sys/category/getChildListBatch', {
      parentIds: `${root.id},${kid.id}`,
    });
    expect(batch.body.result.records.map((r) => r.name).sort()).toEqual(['冷冻', '速冻']);
    expect(batch.body.result.total).toBe(2);
  });

  it('feeds JCategorySelect: loadTreeData by pid/pcode, loadDictItem/ with its trailing slash, loadOne reading .name, the lazy tree calls', async () => {
    const roots = await c.get<CategoryNode[]>('/sys/category/loadTreeData', {
      pid: '',
      pcode: root.code,
      condition: '',
    });
    expect(roots.body.result).toEqual([
      expect.objectContaining({ key: kid.id, title: '冷冻', leaf: '0', isLeaf: false }),
    ]);
    const names = await c.get<string[]>('/sys/category/loadDictItem/', { ids: `${kid.id},${root.id}` });
    expect(names.body.result).toEqual(['冷冻', '冷链品类']);
    expect((await c.get<string[]>('/sys/category/loadDictItem', { ids: kid.id })).body.result).toEqual(['冷冻']);
    expect(
      (await c.get<{ name: string }>('/sys/category/loadOne', { field: 'code', val: 'FRZ-1' })).body.result.name,
    ).toBe('速冻');
    const treeRoot = await c.get<(CategoryNode & { children?: CategoryNode[] })[]>('/sys/category/loadTreeRoot', {
      async: false,
      pcode: root.code,
    });
    expect(treeRoot.body.result[0]).toMatchObject({
      key: kid.id,
      children: [expect.objectContaining({ code: 'FRZ-1' })],
    });
    const lazy = await c.get<CategoryNode[]>('/sys/category/loadTreeRoot', { async: true, pcode: root.code });
    expect(lazy.body.result[0]!).not.toHaveProperty('children');
    expect(
      (await c.get<CategoryNode[]>('/sys/category/loadTreeChildren', { pid: kid.id })).body.result.map((n) => n.name),
    ).toEqual(['速冻']);
    const all = await c.get<{ value: string; text: string }[]>('/sys/category/loadAllData', { code: root.code });
    expect(all.body.result.map((x) => x.text).sort()).toEqual(['冷冻', '速冻']);
  });

  it('never takes a table or columns from the client', async () => {
    const refused = await c.get('/sys/category/loadTreeData', {
      pid: '0',
      tableName: 'sys_user',
      text: 'password_hash',
      code: 'id',
    });
    expect(refused.body).toMatchObject({ success: false, code: 400 });
    expect((await c.get('/sys/category/loadTreeData', { condition: '{"password_hash":"x"}' })).body).toMatchObject({
      success: false,
      code: 400,
    });
    for (const key of ['constructor', '__proto__', 'toString']) {
      expect(
        (await c.get('/sys/category/loadTreeData', { condition: JSON.stringify({ [key]: 'x' }) })).body,
        key,
      ).toMatchObject({ success: false, code: 400 });
    }
  });

  it('edits, checks codes for duplicates and deletes in batches the way the modal and toolbar do', async () => {
    const dup = await c.get('/sys/duplicate/check', {
      tableName: 'sys_category',
      fieldName: 'code',
      fieldVal: 'FRZ-1',
    });
    expect(dup.body).toMatchObject({ success: false });
    expect(
      (await c.get('/sys/duplicate/check', { tableName: 'sys_category', fieldName: 'code', fieldVal: 'FREE-9' })).body
        .success,
    ).toBe(true);
    const tmp1 = (await c.post<{ id: string }>('/sys/category/add', { pid: '', name: 'tmp1', code: 'TMP-1' })).body
      .result.id;
    const tmp2 = (await c.post<{ id: string }>('/sys/category/add', { pid: tmp1, name: 'tmp2', code: 'TMP-2' })).body
      .result.id;
    expect(
      (await c.put('/sys/category/edit', { id: tmp2, pid: tmp1, name: 'tmp-two', code: 'TMP-2' })).body.success,
    ).toBe(true);
    expect((await c.delete('/sys/category/deleteBatch', { ids: `${tmp2},` })).body.success).toBe(true);
    expect(
      (await c.get<{ hasChild: string }>('/sys/category/loadOne', { field: 'id', val: tmp1 })).body.result.hasChild,
    ).toBe('0');
    expect((await c.delete('/sys/category/delete', { id: tmp1 })).body.success).toBe(true);
    expect((await c.get('/sys/category/loadOne', { field: 'id', val: tmp1 })).body).toMatchObject({
      success: false,
      code: 404,
    });
    // another tenant's administrator reads categories but does not change them
    expect(
      (await jeecgClient(t, f.otherAdmin).delete('/sys/category/deleteBatch', { ids: root.id })).body,
    ).toMatchObject({ success: false });
    expect((await jeecgClient(t, f.viewer).get('/sys/category/rootList', {})).body).toMatchObject({
      success: false,
      code: 510,
    });
  });

  it('exports through the download center and imports the exported file again (parents first)', async () => {
    expect(
      (await c.get<{ id: string }>('/sys/category/exportXls', { selections: `${root.id},${kid.id}` })).body.success,
    ).toBe(true);
    const file = await exported(t, `/sys/category/exportXls?selections=${root.id},${kid.id}`, f.admin);
    const rows = rowsOf(file.body);
    expect(rows[0]).toEqual(expect.arrayContaining(['分类名称', '分类编码', '父级编码']));
    const imported = await c.upload<unknown>('/sys/category/importExcel', [
      {
        filename: 'categories.xlsx',
        content: sheet([
          ['分类名称', '分类编码', '父级编码'],
          ['导入根', 'IMP-1', ''],
          ['导入子', 'IMP-2', 'IMP-1'],
          ['无父', 'IMP-3', 'NO-SUCH'],
        ]),
      },
    ]);
    expect(imported.body.code).toBe(201);
    const child = await c.get<{ name: string; pid: string }>('/sys/category/loadOne', { field: 'code', val: 'IMP-2' });
    const parent = await c.get<{ id: string }>('/sys/category/loadOne', { field: 'code', val: 'IMP-1' });
    expect(child.body.result.pid).toBe(parent.body.result.id);
    expect((await c.get('/sys/category/loadOne', { field: 'code', val: 'IMP-3' })).body.success).toBe(false);
  });

  it('documents every route in OpenAPI and replays every call listed as working', async () => {
    const doc = (await t.fastify.inject({ method: 'GET', url: '/ztj-iot/docs/json' })).json() as {
      paths: Record<string, unknown>;
    };
    for (const p of [
      'childList',
      'getChildListBatch',
      'deleteBatch',
      'exportXls',
      'importExcel',
      'loadTreeRoot',
      'loadTreeChildren',
      'loadAllData',
      'loadDictItem/',
    ]) {
      expect(Object.keys(doc.paths)).toContain(`/ztj-iot/sys/category/${p}`);
    }
    expectReplayed('categories', c);
  });
});
