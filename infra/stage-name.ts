import { LOCAL_STAGES } from '../functions/lib/config';

/**
 * Refuses a stage name a stack may not be deployed under: the local-only names (the functions
 * treat `local` and `test` as this machine: the payment simulator's public keys, the demo
 * accounts, cookies without `Secure`), and anything that is not a short lower-case name.
 */
export function checkStageName(stage: string): void {
  if (LOCAL_STAGES.includes(stage))
    throw new Error(
      `The stage name "${stage}" is reserved for this machine: ${LOCAL_STAGES.join(' and ')} use the payment simulator's public keys and the demo accounts. Deploy under another name, e.g. -c stage=dev.`,
    );
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage))
    throw new Error(`Invalid stage name "${stage}": use lower-case letters, digits and dashes.`);
}
