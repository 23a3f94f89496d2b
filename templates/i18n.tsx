import { createContext, useContext, type ReactNode } from 'react';
import type { Locale, Translate } from '../cli/types.ts';

interface Language {
  readonly locale: Locale;
  readonly t: Translate;
}

const LanguageContext = createContext<Language | null>(null);

/** Gives every template below it the page's language and its translation function. */
export function LanguageProvider({ locale, t, children }: Language & { children: ReactNode }) {
  return <LanguageContext.Provider value={{ locale, t }}>{children}</LanguageContext.Provider>;
}

/** The page's language; throws outside a LanguageProvider (spec §8), which fails the build. */
export function useLanguage(): Language {
  const language = useContext(LanguageContext);
  if (!language) throw new Error('useLanguage() was called outside <LanguageProvider>');
  return language;
}
