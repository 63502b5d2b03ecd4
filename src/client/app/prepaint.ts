/**
 * Runs inline in <head> before the first paint (see vite.config.ts), so the page never flashes
 * the wrong theme or font: it applies the stored preferences to <html> and keeps the darkMode
 * cookie in step with the mode in effect, and `<html lang>` and the lang cookie with the
 * language in effect (the page itself came in it, unless the cookie was missing or stale).
 */
import {
  applyLanguage,
  applyToRoot,
  readPreferences,
  resolveLanguage,
  writeDarkModeCookie,
} from '@client/lib/preferences/stored'

const preferences = readPreferences()
applyToRoot(document.documentElement, preferences)
writeDarkModeCookie(preferences.dark)
applyLanguage(resolveLanguage(preferences.language, navigator.languages))
