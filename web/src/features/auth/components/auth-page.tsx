import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@web/config/paths';
import { usePageTitle } from '@web/lib/page-title';
import type { LoginState } from '@web/lib/auth/return-path';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { ResetRequestForm } from './reset-request-form';
import type { AuthMode } from '../auth-mode';
import '../auth.css';

const MODE_TITLES: Record<AuthMode, string> = {
  login: 'ログイン',
  register: '新規登録',
  reset: 'パスワードの再設定',
};

/**
 * '/login' and '/register': one page that toggles between logging in, registering, and asking for
 * a password reset e-mail.
 */
export function AuthPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [mode, setMode] = useState<AuthMode>(location.pathname === paths.register ? 'register' : 'login');
  const switchTo = (next: AuthMode) => {
    setMode(next);
    const path = next === 'register' ? paths.register : paths.login;
    // The query (a return path after login) stays with the page.
    if (location.pathname !== path)
      void navigate({ pathname: path, search: location.search }, { replace: true, state: location.state });
  };

  usePageTitle(MODE_TITLES[mode]);
  const notice = (location.state as LoginState | null)?.notice;
  return (
    <section className="container auth">
      <div className="card auth__card">
        {notice && mode === 'login' && (
          <p className="form-notice" role="status">
            {notice}
          </p>
        )}
        {mode === 'login' && <LoginForm onSwitch={switchTo} />}
        {mode === 'register' && <RegisterForm onSwitch={switchTo} />}
        {mode === 'reset' && <ResetRequestForm onSwitch={switchTo} />}
        <p className="auth__home">
          <Link to={paths.home}>ホームに戻る</Link>
        </p>
      </div>
    </section>
  );
}
