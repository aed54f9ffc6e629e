import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { lazy, Suspense, useState } from 'react';
import { LogOut, Presentation, Settings } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { displayName, type CurrentUser } from '@shared/users';
import { useLogout } from '@web/lib/auth/logout';
import { paths } from '@web/config/paths';
import { toastError } from '@web/components/toast/toast-error';
import { useOpenedOnce } from '@web/lib/use-opened-once';
import { UserMenuFace } from './user-menu-face';

// The settings dialog (its forms and their checks) loads when it is first asked for.
const AccountSettingsDialog = lazy(async () => ({
  default: (await import('@web/features/profile/components/account-settings-dialog')).AccountSettingsDialog,
}));

/** The signed-in user's menu: who is signed in, the class games they host, account settings, and logout (then home). */
export function UserMenu({ user }: { user: CurrentUser }) {
  const logout = useLogout();
  const navigate = useNavigate();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const settingsMounted = useOpenedOnce(settingsOpen);
  return (
    <>
      <DropdownMenu.Root>
        {/* Named by the member's name also on a phone, where the name is not shown (only the icon). */}
        <DropdownMenu.Trigger
          className="user-menu__trigger"
          aria-label={`${displayName(user)} さんのメニュー`}
        >
          <UserMenuFace user={user} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" align="end" sideOffset={8}>
            <DropdownMenu.Label className="menu__label">{displayName(user)} さん</DropdownMenu.Label>
            <DropdownMenu.Separator className="menu__separator" />
            <DropdownMenu.Item className="menu__item" onSelect={() => void navigate(paths.classroom)}>
              <Presentation size={16} aria-hidden />
              クラスゲーム
            </DropdownMenu.Item>
            <DropdownMenu.Item className="menu__item" onSelect={() => setSettingsOpen(true)}>
              <Settings size={16} aria-hidden />
              アカウント設定
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className="menu__item"
              disabled={logout.isPending}
              onSelect={() =>
                logout.mutate(undefined, {
                  onSuccess: () => void navigate(paths.home),
                  onError: (error) => toastError(error, 'ログアウトに失敗しました'),
                })
              }
            >
              <LogOut size={16} aria-hidden />
              ログアウト
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {settingsMounted && (
        <Suspense fallback={null}>
          <AccountSettingsDialog user={user} open={settingsOpen} onOpenChange={setSettingsOpen} />
        </Suspense>
      )}
    </>
  );
}
