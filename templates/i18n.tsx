import { createContext, useContext, type ReactNode } from 'react';
import type { Locale, Localized, Translate } from '../cli/types.ts';

/** The page's language as templates use it. */
export interface Language {
  readonly locale: Locale;
  /** The language with its region (`en-GB`, from the settings' ogLocale), for dates written the region's way. */
  readonly region: string;
  /** The translation table's text for a key, in the page's language. */
  readonly t: Translate;
  /** A collection's text in the page's language, or the default language's where it has none (reported by the build). */
  readonly pick: (text: Localized) => string;
}

const LanguageContext = createContext<Language | null>(null);

/** Gives every template below it the page's language and its translation functions. */
export function LanguageProvider({ children, ...language }: Language & { children: ReactNode }) {
  return <LanguageContext.Provider value={language}>{children}</LanguageContext.Provider>;
}

/**
 * The page's language; throws outside a LanguageProvider, which fails the build naming the
 * component (docs/behaviour.md#translations).
 */
export function useLanguage(): Language {
  const language = useContext(LanguageContext);
  if (!language) throw new Error('useLanguage() was called outside <LanguageProvider>');
  return language;
}
