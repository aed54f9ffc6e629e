import { parseArgs } from 'node:util';
import { registerSchema } from '@shared/accounts';
import { getConfig } from '@functions/lib/config';
import { createUser } from '@functions/users/user';
import { findUserByUsername, setMembershipGrant, setRole } from '@functions/users/user-store';
import { endAllSessions } from '@functions/sessions/session';

/**
 * Operator CLI for accounts, on any stage's table:
 *
 *   npm run user -- create --username hanako --password 'Hanako#2026' --email hanako@example.jp [--nickname 花子] [--admin] [--pro]
 *   npm run user -- grant-admin hanako | revoke-admin hanako | grant-pro hanako | revoke-pro hanako
 *   npm run user -- show hanako
 *
 * Without TABLE_NAME it works on the local stack (`npm run dev` must be running). For a deployed
 * stage: TABLE_NAME=<stack output> STAGE=<stage> APP_URL=<app url> npm run user -- ...
 */
if (!process.env.TABLE_NAME) {
  Object.assign(process.env, {
    STAGE: 'local',
    TABLE_NAME: 'quiz-local',
    DYNAMODB_ENDPOINT: `http://127.0.0.1:${process.env.DYNAMODB_PORT ?? 8000}`,
  });
}

const usage = `使い方:
  npm run user -- create --username <名前> --password <パスワード> [--email <アドレス>] [--nickname <表示名>] [--admin] [--pro]
  npm run user -- grant-admin <ユーザー名>   管理者にする（管理者はメールアドレスが必要）
  npm run user -- revoke-admin <ユーザー名>  管理者をやめる
  npm run user -- grant-pro <ユーザー名>     アドバンスド会員にする
  npm run user -- revoke-pro <ユーザー名>    アドバンスド会員をやめる
  npm run user -- show <ユーザー名>`;

async function existing(username: string | undefined) {
  if (!username) throw new Error(usage);
  const user = await findUserByUsername(username);
  if (!user) throw new Error(`ユーザー「${username}」が見つかりません`);
  return user;
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      email: { type: 'string' },
      nickname: { type: 'string' },
      admin: { type: 'boolean', default: false },
      pro: { type: 'boolean', default: false },
    },
  });
  const [command, name] = positionals;
  const config = getConfig();
  console.log(`テーブル ${config.tableName}（ステージ ${config.stage}）`);
  switch (command) {
    case 'create': {
      const parsed = registerSchema.safeParse({
        username: values.username,
        password: values.password,
        email: values.email ?? `${values.username ?? 'user'}@example.invalid`,
        nickname: values.nickname ?? values.username,
      });
      if (!parsed.success)
        throw new Error(
          parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n'),
        );
      const input = parsed.data;
      if (values.admin && !values.email)
        throw new Error('管理者にはメールアドレス（--email）が必要です（ログイン確認メールの送り先）');
      const user = await createUser({
        ...input,
        email: values.email ? input.email : null,
        role: values.admin ? 'admin' : 'user',
        proGranted: Boolean(values.pro),
        isEmailVerified: Boolean(values.email),
      });
      console.log(
        `作成しました: ${user.username}（id ${user.id}${values.admin ? '、管理者' : ''}${values.pro ? '、アドバンスド会員' : ''}）`,
      );
      return;
    }
    case 'grant-admin': {
      const user = await existing(name);
      if (!user.email) throw new Error('管理者にはメールアドレスが必要です（ログイン確認メールの送り先）');
      await setRole(user.id, 'admin');
      await endAllSessions(user.id);
      console.log(`${user.username} を管理者にしました（次回ログインからメール確認が必要です）`);
      return;
    }
    case 'revoke-admin': {
      const user = await existing(name);
      await setRole(user.id, 'user');
      await endAllSessions(user.id);
      console.log(`${user.username} の管理者権限を外しました`);
      return;
    }
    case 'grant-pro':
    case 'revoke-pro': {
      const user = await existing(name);
      // A granted membership has no subscription and no end; a member's own Stripe subscription
      // is untouched by either command and keeps giving access while it is paid.
      await setMembershipGrant(user.id, command === 'grant-pro');
      console.log(
        `${user.username} を${command === 'grant-pro' ? 'アドバンスド会員にしました（運営による付与）' : '付与したアドバンスド会員を外しました（本人の定期購入は続きます）'}`,
      );
      return;
    }
    case 'show': {
      const user = await existing(name);
      const { passwordHash: _hidden, ...visible } = user;
      console.log(JSON.stringify(visible, null, 2));
      return;
    }
    default:
      console.log(usage);
      process.exitCode = command ? 1 : 0;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
