import { z } from 'zod';
import { DictMapSchema, DictOptionSchema } from './auth';
import { defineRoute } from './route';

/** Dictionary reads (SPEC §7): items of one code, and all items (the 7-day client cache). */
export const DictRoutes = {
  items: defineRoute({
    method: 'GET',
    path: '/sys/dict/getDictItems/:code',
    access: 'session',
    tag: 'dict',
    summary: 'Options of one dictionary code',
    params: z.object({ code: z.string().min(1).max(100) }),
    result: z.array(DictOptionSchema),
  }),
  search: defineRoute({
    method: 'GET',
    path: '/sys/dict/loadDict/:code',
    access: 'session',
    tag: 'dict',
    summary:
      'Search-select: options of one dictionary (or allow-listed table dictionary "table,text,code") whose text or value contains the keyword, at most pageSize',
    params: z.object({ code: z.string().min(1).max(100) }),
    query: z.object({ keyword: z.string().max(100).optional(), pageSize: z.number().int().min(1).max(100).optional() }),
    result: z.array(DictOptionSchema),
  }),
  all: defineRoute({
    method: 'GET',
    path: '/sys/dict/queryAllDictItems',
    access: 'session',
    tag: 'dict',
    summary: 'All dictionaries, keyed by code',
    result: DictMapSchema,
  }),
} as const;
