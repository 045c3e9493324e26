import { idParamSchema } from '../domain/ids.js';
import { createUtmTemplateSchema, updateUtmTemplateSchema, utmTemplateListSchema, utmTemplateSchema } from '../domain/utm-schemas.js';
import type { RestRoute } from './route.js';

const TEMPLATE_ID = { id: idParamSchema('utm') };

/** The workspace's UTM templates (scope links:write to change them). */
export const UTM_TEMPLATE_ROUTES: readonly RestRoute[] = [
  {
    field: 'Mutation.createUtmTemplate',
    method: 'POST',
    path: '/utm-templates',
    status: 201,
    tag: 'links',
    summary: 'Save a UTM template',
    body: createUtmTemplateSchema,
    location: (d) => `/v1/utm-templates/${String(d.id)}`,
    response: utmTemplateSchema,
  },
  {
    field: 'Query.utmTemplates',
    method: 'GET',
    path: '/utm-templates',
    status: 200,
    tag: 'links',
    summary: 'List UTM templates',
    response: utmTemplateListSchema,
  },
  {
    field: 'Query.utmTemplate',
    method: 'GET',
    path: '/utm-templates/:id',
    status: 200,
    tag: 'links',
    summary: 'Get a UTM template',
    params: TEMPLATE_ID,
    response: utmTemplateSchema,
  },
  {
    field: 'Mutation.updateUtmTemplate',
    method: 'PATCH',
    path: '/utm-templates/:id',
    status: 200,
    tag: 'links',
    summary: 'Change a UTM template',
    body: updateUtmTemplateSchema,
    params: TEMPLATE_ID,
    response: utmTemplateSchema,
  },
  {
    field: 'Mutation.deleteUtmTemplate',
    method: 'DELETE',
    path: '/utm-templates/:id',
    status: 204,
    tag: 'links',
    summary: 'Delete a UTM template',
    params: TEMPLATE_ID,
  },
];
