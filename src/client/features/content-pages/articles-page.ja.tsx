import type { ReactNode } from 'react'
import type { RichText } from '@client/components/page-section'
import type { Translation } from '@client/lib/i18n/i18n'
import type { ARTICLES } from './articles-page'

/** The Japanese of ARTICLES (docs/architecture.md "Languages"), beside its English. */
export const ARTICLES_JA: Translation<typeof ARTICLES> = {
  missing: (slug: ReactNode): ReactNode => (
    <>記事{slug}はまだ書かれていません。代わりに、ようこそのお手紙をどうぞ。</>
  ),
  kicker: 'よみもの',
  title: 'Mofuへようこそ：ふわふわからのお手紙',
  intro:
    'サイトのあちこちから届くメモや物語、ガイド。温かい飲み物を片手に、ゆっくり読んでください。',
  readTime: '2分で読めます',
  body: (
    { link }: RichText,
    Section: (props: { title: string; children: ReactNode }) => ReactNode,
    mascot: ReactNode,
  ): ReactNode => (
    <>
      <p>
        こんにちは、ようこそ！ここは読書室です。クッションをどうぞ。Mofuはここに、長めの物語や小さなガイド、サイトのお知らせをしまっておきます。
      </p>

      <Section title="どうして、くつろぎのコーナー？">
        <p>
          にぎやかなタイムラインを見たくない夜もあります。やわらかな色と、いくつかのやさしい顔があって、何にも急かされない静かな場所がほしい。それがMofuのすべてです。アニメと、アニメが心に残してくれる気持ちが好きな人のための、ウェブの上の小さくておだやかな家です。
        </p>
        <figure className="rounded-2xl border-l-4 border-sakura-400 bg-sunken px-5 py-4">
          <blockquote className="text-ink italic">
            <p>「やわらかいものだって、強くなれる。」</p>
          </blockquote>
          <figcaption className="mt-2 text-base text-ink-muted">たぶん、Mofu</figcaption>
        </figure>
      </Section>

      <Section title="いまできること">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            アカウントを作って、自分だけのIDを選びましょう。IDは重複できないので、早い者勝ちで
            <em>@mochi</em>が手に入ります。
          </li>
          <li>
            アバターを追加するか、Mofuに代わりを務めてもらいましょう。写真は変換し直され、位置情報などの隠れた情報は取り除かれます。
          </li>
          <li>
            {link('/settings', '設定')}
            を開いて、ダークかライトかを選んだり、見出しのフォントを選んだり、小さなアニメーションをオン・オフしたりできます。
          </li>
        </ul>
      </Section>

      <Section title="次に咲くもの">
        <p>
          お気に入り、SeeMEのチャットコーナー、{link('/sakuramap', 'SakuraMap')}
          、ショップ、2.5次元のコーナーを準備中です。どれもすでにページがあるので、いつでも幕の裏をのぞけます。
        </p>
        <div className="flex items-center gap-4 rounded-2xl bg-sunken p-4">
          {mascot}
          <p className="text-base text-ink">読んでくれてありがとう。桜の下でまた会いましょう！</p>
        </div>
      </Section>
    </>
  ),
  moreTitle: 'ほかの記事もまもなく届きます',
  more: 'ガイドや季節の物語、サイトのお知らせを、書き上がりしだいここに載せていきます。',
}
