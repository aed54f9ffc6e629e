import { entity } from '../data/keys';

/** Keys of the administrators' audit trail (audit.ts). */
export const AuditKeys = entity({
  entity: 'Audit record',
  module: 'functions/admin/audit.ts',
  pk: 'AUDIT#{month}',
  sk: '{at}#{suffix}',
  fields: { month: '`yyyy-mm`' },
  notes: 'adminId, action, target, at; one per administrator action; not deleted with accounts',
});
