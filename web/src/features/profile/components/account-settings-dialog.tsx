import * as Tabs from '@radix-ui/react-tabs';
import type { CurrentUser } from '@shared/users';
import { Dialog } from '@web/components/ui/dialog';
import { paths } from '@web/config/paths';
import { AccountDangerTab } from './account-danger-tab';
import { AccountProfileTab } from './account-profile-tab';
import { AccountSecurityTab } from './account-security-tab';
import '../account-settings.css';

/**
 * Account settings: profile (nickname; username and e-mail read-only), security (password-change
 * e-mail, logout) and danger (account deletion with password confirmation).
 */
export function AccountSettingsDialog(props: {
  user: CurrentUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  logoutTo?: string;
}) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange} title="アカウント設定">
      <Tabs.Root defaultValue="profile" className="tabs">
        <Tabs.List className="tabs__list" aria-label="設定の種類">
          <Tabs.Trigger value="profile" className="tabs__trigger">
            プロフィール
          </Tabs.Trigger>
          <Tabs.Trigger value="security" className="tabs__trigger">
            セキュリティ
          </Tabs.Trigger>
          <Tabs.Trigger value="danger" className="tabs__trigger">
            危険な操作
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="profile" className="tabs__content">
          <AccountProfileTab user={props.user} />
        </Tabs.Content>
        <Tabs.Content value="security" className="tabs__content">
          <AccountSecurityTab
            user={props.user}
            logoutTo={props.logoutTo ?? paths.home}
            onDone={() => props.onOpenChange(false)}
          />
        </Tabs.Content>
        <Tabs.Content value="danger" className="tabs__content">
          <AccountDangerTab onDone={() => props.onOpenChange(false)} />
        </Tabs.Content>
      </Tabs.Root>
    </Dialog>
  );
}
