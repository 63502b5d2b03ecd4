import type { ReactNode } from 'react'
import type { Translation } from '@client/lib/i18n/i18n'
import type { NOT_FOUND } from './not-found-page'

/** The Japanese of NOT_FOUND (docs/architecture.md "Languages"), beside its English. */
export const NOT_FOUND_JA: Translation<typeof NOT_FOUND> = {
  title: 'このページは迷子になったようです',
  text: (path: ReactNode): ReactNode => (
    <>
      Mofuがクッションの下まで探しましたが、{path}
      には何もありませんでした。リンクが古いか、文字が違っているのかもしれません。
    </>
  ),
  home: 'ホームへ戻る',
}
