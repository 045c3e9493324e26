import type { Caller } from '../domain/caller.js';
import type { Clock } from '../domain/clock.js';
import { LskError } from '../domain/errors.js';
import type { ServiceEvents } from '../domain/events/service-events.js';
import { newId } from '../domain/ids.js';
import { type CreateUtmTemplateInput, createUtmTemplateSchema, UTM_KEYS, UTM_TEMPLATES_MAX, type Utm, updateUtmTemplateSchema } from '../domain/utm-schemas.js';
import { parseOrThrow } from '../domain/validate.js';
import { StoreConflict } from '../storage/errors.js';
import type { UtmTemplate, UtmTemplatesRepository } from '../storage/utm-templates/repository.js';

/** The values an input sets, merged over `current` (null clears a value). */
function valuesOf(input: Partial<CreateUtmTemplateInput>, current: Utm = {}): Utm {
  const out: Utm = { ...current };
  for (const k of UTM_KEYS) {
    const v = input[k];
    if (v === null) delete out[k];
    else if (v !== undefined) out[k] = v;
  }
  return out;
}

function nameTaken(name: string): LskError {
  return LskError.validation([{ path: 'name', message: `is already the name of another template ("${name}")` }]);
}

/** Workspace UTM templates (scope links:write to change, links:read to list): named UTM values the link form applies. */
export class UtmTemplateService {
  constructor(
    private readonly templates: UtmTemplatesRepository,
    private readonly clock: Clock,
    /** Audit events (domain/events/service-events.ts). */
    private readonly emitted: ServiceEvents,
  ) {}

  list(caller: Caller): Promise<UtmTemplate[]> {
    return this.templates.list(caller.workspaceId);
  }

  async get(caller: Caller, id: string): Promise<UtmTemplate> {
    const t = await this.templates.get(caller.workspaceId, id);
    if (!t) throw LskError.notFound('UTM template');
    return t;
  }

  async create(caller: Caller, raw: unknown): Promise<UtmTemplate> {
    const { workspaceId } = caller;
    const input = parseOrThrow(createUtmTemplateSchema, raw);
    if ((await this.templates.count(workspaceId)) >= UTM_TEMPLATES_MAX) {
      throw LskError.validation([{ path: '(body)', message: `a workspace keeps at most ${UTM_TEMPLATES_MAX} UTM templates` }]);
    }
    const now = this.clock.now();
    try {
      const t = await this.templates.insert({ id: newId('utm'), workspaceId, name: input.name, values: valuesOf(input), createdAt: now, updatedAt: now });
      this.emitted.emit(caller, 'utm_template.created', t.id);
      return t;
    } catch (e) {
      if (e instanceof StoreConflict) throw nameTaken(input.name);
      throw e;
    }
  }

  async update(caller: Caller, id: string, raw: unknown): Promise<UtmTemplate> {
    const { workspaceId } = caller;
    const input = parseOrThrow(updateUtmTemplateSchema, raw);
    const current = await this.get(caller, id);
    try {
      const t = await this.templates.update(workspaceId, id, {
        ...(input.name === undefined ? {} : { name: input.name }),
        values: valuesOf(input, current.values),
        updatedAt: this.clock.now(),
      });
      if (!t) throw LskError.notFound('UTM template');
      this.emitted.emit(caller, 'utm_template.updated', t.id);
      return t;
    } catch (e) {
      if (e instanceof StoreConflict) throw nameTaken(input.name ?? current.name);
      throw e;
    }
  }

  async delete(caller: Caller, id: string): Promise<void> {
    if (!(await this.templates.delete(caller.workspaceId, id))) throw LskError.notFound('UTM template');
    this.emitted.emit(caller, 'utm_template.deleted', id);
  }
}
