// The languages a search can be fixed to in Settings: Scout's own
// (backend/lang.Tags), each named in itself.

/** A language a search can be made in. */
export interface SearchLanguage {
  tag: string;
  name: string;
}

export const searchLanguages: SearchLanguage[] = [
  { tag: 'en', name: 'English' },
  { tag: 'de', name: 'Deutsch' },
  { tag: 'fr', name: 'Français' },
  { tag: 'es', name: 'Español' },
  { tag: 'pt', name: 'Português' },
  { tag: 'ru', name: 'Русский' },
  { tag: 'zh-Hans', name: '简体中文' },
  { tag: 'zh-Hant', name: '繁體中文' },
  { tag: 'ja', name: '日本語' },
];
