import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initialLanguage, loadTexts } from './i18n';

const texts = await loadTexts(initialLanguage());
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App initialTexts={texts} />
  </StrictMode>,
);
