import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

export interface ListeningSocket {
  pid: number;
  address: string;
  port: number;
}

/** This process and every process it started, however deep (DynamoDB Local's Java, say). */
function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid ...: comm may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // the process ended while we looked
    }
  }
  const tree = [root];
  for (let index = 0; index < tree.length; index++)
    for (const [pid, ppid] of parents) if (ppid === tree[index] && !tree.includes(pid)) tree.push(pid);
  return tree;
}

function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  let fds: string[] = [];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return inodes;
  }
  for (const fd of fds) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(match[1]!);
    } catch {
      // closed meanwhile
    }
  }
  return inodes;
}

/** `/proc/net/tcp{,6}` addresses are 32-bit words in host (little-endian) byte order. */
function decodeAddress(hex: string): string {
  const words = hex.match(/.{8}/g)!.map((word) => word.match(/../g)!.reverse().join(''));
  if (words.length === 1)
    return words[0]!
      .match(/../g)!
      .map((byte) => parseInt(byte, 16))
      .join('.');
  const bytes = words.join('').toLowerCase();
  if (bytes.startsWith('00000000000000000000ffff'))
    return `::ffff:${bytes
      .slice(24)
      .match(/../g)!
      .map((byte) => parseInt(byte, 16))
      .join('.')}`;
  const groups = bytes.match(/.{4}/g)!.map((group) => parseInt(group, 16).toString(16));
  return groups.join(':').replace(/(^|:)0(:0)+(:|$)/, '::');
}

/**
 * Every TCP socket in LISTEN state held by this process or its descendants (Linux `/proc`), with
 * the address it is bound to: what anyone on the network could reach is visible here.
 */
export function listeningSockets(root = process.pid): ListeningSocket[] {
  const owners = new Map<string, number>();
  for (const pid of processTree(root)) for (const inode of socketInodes(pid)) owners.set(inode, pid);
  const sockets: ListeningSocket[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').trim().split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      const [local = '', state, inode = ''] = [columns[1], columns[3], columns[9]];
      if (state !== '0A' || !owners.has(inode)) continue;
      const [address = '', port = ''] = local.split(':');
      sockets.push({ pid: owners.get(inode)!, address: decodeAddress(address), port: parseInt(port, 16) });
    }
  }
  return sockets;
}

/** 127.0.0.0/8, `::1`, or IPv4 loopback mapped into IPv6. */
export const isLoopback = (address: string) =>
  /^127\./.test(address) || address === '::1' || /^::ffff:127\./.test(address);
