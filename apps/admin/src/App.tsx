import type { Language } from '@beurs/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { useState } from 'react';
import { HashRouter } from 'react-router';
import { I18nProvider, loadTexts, type Texts } from './i18n';
import { SessionProvider, useSession } from './session';
import { Shell } from './Shell';
import { SignIn } from './screens/SignIn';

// The back-office: sign-in until a staff session is complete (password changed, two-factor on),
// then the shell with the screens the role may use.

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

export function App(props: { initialTexts: Texts }) {
  const [texts, setTexts] = useState(props.initialTexts);
  const setLanguage = (language: Language) => void loadTexts(language).then(setTexts);
  return (
    <ConfigProvider
      locale={texts.antLocale}
      theme={{ token: { colorPrimary: '#0b3d91' } }}
      button={{ autoInsertSpace: false }}
    >
      <AntApp>
        <I18nProvider texts={texts} setLanguage={setLanguage}>
          <QueryClientProvider client={queryClient}>
            <SessionProvider>
              <HashRouter>
                <Gate />
              </HashRouter>
            </SessionProvider>
          </QueryClientProvider>
        </I18nProvider>
      </AntApp>
    </ConfigProvider>
  );
}

function Gate() {
  const { session } = useSession();
  if (!session || session.mustChangePassword || session.mustEnrolTwoFactor) return <SignIn />;
  return <Shell />;
}
