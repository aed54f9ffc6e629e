import { entity } from '../data/keys';

/** Keys of the administrators' audit trail (audit-store.ts). */
export const AuditKeys = entity({
  entity: 'Audit record',
  module: 'functions/admin/audit-store.ts',
  pk: 'AUDIT#{month}',
  sk: '{at}#{suffix}',
  fields: { month: '`yyyy-mm`' },
  notes: 'adminId, action, target, at; one per administrator action; not deleted with accounts',
});
