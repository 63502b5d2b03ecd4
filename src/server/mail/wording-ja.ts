import type { MailParts, MailWording } from './wording-types'

const SEE_SESSIONS_JA = 'ログイン中の端末を見る'
const NOT_YOU_JA =
  '心当たりがない場合は、見覚えのないセッションをすべて終了し、ログイン画面からパスワードの再設定を依頼してください。すべての端末でログアウトされます。'

export const JA: MailWording = {
  verification: {
    subject: 'Mofuのメールアドレスを確認してください',
    heading: 'Mofuへようこそ！',
    intro:
      'ご登録ありがとうございます。このメールアドレスがあなたのものであることを確認してください。確認が済むとログインできます。',
    action: 'メールアドレスを確認する',
    notExpected:
      'Mofuに登録した覚えがない場合は、このメールを無視してください。確認されないアカウントは使えず、7日後に削除されます。',
  },
  passwordReset: {
    subject: 'Mofuのパスワードの再設定',
    heading: 'パスワードの再設定',
    intro:
      'Mofuアカウントのパスワード再設定のご依頼を受け付けました。こちらから新しいパスワードを決めてください。',
    action: '新しいパスワードを決める',
    notExpected: '心当たりがない場合は、このメールを無視してください。何も変更されません。',
  },
  invitation: {
    subject: 'Mofuへのご招待',
    heading: 'Mofuへようこそ！',
    intro:
      'このメールアドレスでMofuのアカウントが作成されました。こちらからパスワードを決めると、このアドレスとそのパスワードでログインできます。',
    action: 'パスワードを決める',
    notExpected:
      '心当たりがない場合は、このメールを無視してください。あなたが決めるパスワードがなければ、誰もこのアカウントにログインできません。',
  },
  passwordChanged: {
    subject: 'Mofuのパスワードが変更されました',
    heading: 'パスワードが変更されました',
    intro:
      'Mofuアカウントのパスワードが、たったいま変更されました。ログイン中の端末を確認し、見覚えのないセッションは終了してください。',
    action: SEE_SESSIONS_JA,
    notExpected:
      '心当たりがない場合は、すぐにログイン画面からパスワードの再設定を依頼してください。新しいパスワードでログインしている人は、すべてログアウトされます。',
  },
  newSignIn: (device) => ({
    subject: 'Mofuアカウントへの新しいログイン',
    heading: '新しいログインがありました',
    intro: `Mofuアカウントに、これまで使われたことのないブラウザ（${device}）からログインがありました。ご自身によるものであれば、何もする必要はありません。すべてのセッションの確認と、見覚えのないセッションの終了はこちらからできます。`,
    action: SEE_SESSIONS_JA,
    notExpected:
      '心当たりがない場合は、そのセッションを終了し、ログイン画面からパスワードの再設定を依頼してください。すべての端末でログアウトされます。',
  }),
  twoFactorChanged: (on) => ({
    subject: on
      ? 'Mofuアカウントの2段階認証がオンになりました'
      : 'Mofuアカウントの2段階認証がオフになりました',
    heading: on ? '2段階認証がオンになりました' : '2段階認証がオフになりました',
    intro: on
      ? 'これからMofuアカウントでは、パスワードのあとに認証アプリのコードを入力していただきます。ログイン中の端末を確認し、見覚えのないセッションは終了してください。'
      : 'Mofuアカウントでは、パスワードのあとにコードを求めなくなりました。ログイン中の端末を確認し、見覚えのないセッションは終了してください。',
    action: SEE_SESSIONS_JA,
    notExpected:
      '心当たりがない場合は、見覚えのないセッションをすべて終了し、すぐにログイン画面からパスワードの再設定を依頼してください。すべての端末でログアウトされます。',
  }),
  passkeyAdded: (name) => ({
    subject: 'Mofuアカウントにパスキーが追加されました',
    heading: '新しいパスキーが追加されました',
    intro: `Mofuアカウントに「${name}」という名前のパスキーが追加されました。これからはこのパスキーでログインできます。アカウントがログイン中の端末はこちらで確認できます。`,
    action: SEE_SESSIONS_JA,
    notExpected: `${NOT_YOU_JA}そのあと、アカウントパネルでこのパスキーを削除してください。`,
  }),
  passkeyRemoved: (name) => ({
    subject: 'Mofuアカウントからパスキーが削除されました',
    heading: 'パスキーが削除されました',
    intro: `Mofuアカウントから「${name}」という名前のパスキーが削除されました。このパスキーではもうログインできません。アカウントがログイン中の端末はこちらで確認できます。`,
    action: SEE_SESSIONS_JA,
    notExpected: NOT_YOU_JA,
  }),
  passwordRemoved: {
    subject: 'Mofuアカウントのパスワードが削除されました',
    heading: 'パスワードが削除されました',
    intro:
      'Mofuアカウントのパスワードが削除され、これからはパスキーかGoogleでログインします。パスワードは、アカウントパネルの「パスワードを設定」からいつでも設定し直せます。アカウントがログイン中の端末はこちらで確認できます。',
    action: SEE_SESSIONS_JA,
    notExpected: NOT_YOU_JA,
  },
  emailChangeConfirm: {
    subject: 'Mofuの新しいメールアドレスを確認してください',
    heading: '新しいメールアドレスの確認',
    intro:
      'Mofuアカウントにログイン中の方から、このメールアドレスに変更したいというご依頼がありました。ご自身によるものであれば、こちらから確認してください。確認するまで何も変わりません。',
    action: 'このアドレスを使う',
    notExpected: '心当たりがない場合は、このメールを無視してください。アドレスは変更されません。',
  },
  emailChanged: (when, device) => ({
    subject: 'Mofuアカウントのメールアドレスが変更されました',
    heading: 'メールアドレスが変更されました',
    intro: `このメールアドレスを使っていたMofuアカウントは、${when}から別のアドレスでログインするようになりました（${device}から変更）。7日間は、ログイン方法が変わるたびにこのアドレスにもお知らせが届きます。心当たりがない場合は、こちらからアカウントを取り戻してください。このアドレスに戻り、新しいパスワードを決めると、すべての端末でログアウトされ、その間に追加されたパスキー、2段階認証、Googleログインはすべて削除されます。`,
    action: '心当たりがない',
    notExpected: 'ご自身で変更した場合は、何もする必要はありません。',
  }),
  recoveryLink: (when) => ({
    subject: 'Mofuアカウントを取り戻してください',
    heading: 'アカウントを取り戻す',
    intro: `${when}にMofuアカウントで起きたことに心当たりがないとのご連絡を受け付けました。ほかのセッションはすべてログアウトしました。こちらから新しいパスワードを決めてください。すべての端末でログアウトされ、それ以降に追加されたパスキー、2段階認証、Googleログインはすべて削除されます。`,
    action: '新しいパスワードを決める',
    notExpected: '心当たりがない場合は、このメールを無視してください。何も変更されません。',
  }),
  recovered: (parts) => ({
    subject: 'Mofuアカウントを取り戻しました',
    heading: 'アカウントはあなたのものに戻りました',
    intro: `Mofuアカウントに新しいパスワードが設定され、すべての端末でログアウトされました。${[
      parts.email === null ? null : `ログインには再び${parts.email}を使います。`,
      parts.handle === null ? null : `IDは再び@${parts.handle}です。`,
      ...parts.passkeys.map((name) => `パスキー「${name}」を削除しました。`),
      parts.twoFactor ? '2段階認証をオフにしました。' : null,
      parts.google ? 'Googleログインの連携を解除しました。' : null,
    ]
      .filter(Boolean)
      .join('')}必要なものは、アカウントパネルからもう一度追加できます。`,
    action: SEE_SESSIONS_JA,
    notExpected:
      '心当たりがない場合は、すぐにログイン画面からパスワードの再設定を依頼してください。すべての端末でログアウトされます。',
  }),
  accountDeleted: {
    subject: 'Mofuアカウントが削除されました',
    heading: 'アカウントが削除されました',
    intro:
      'Mofuアカウントが、プロフィール、アバター、セッション、ログイン方法とともに削除されました。これ以上の手続きは必要ありません。',
    notExpected:
      '心当たりがない場合は、誰かがあなたのパスワードかログイン中のブラウザを使ったおそれがあります。アカウントは元に戻せませんが、このアドレスでもう一度登録できます。',
  },
  planEnded: (plan) => ({
    subject: `Mofuの${plan}プランが終了しました`,
    heading: `${plan}プランが終了しました`,
    intro:
      'Mofuアカウントはフリープランに戻りました。削除されたものはありません。ピン留めした作品はそのまま残り、フリープランの上限を超えたフォルダーもそのまま残りますが、上限を下回るまで新しく作ることはできません。ボードはこちらから確認できます。',
    action: 'ボードを開く',
    notExpected:
      'プランがもっと続くはずだった場合は、このMofuの運営者にお問い合わせください。各ページの下にある「お問い合わせ」から連絡できます。',
  }),
  planGranted: (plan, until) => ({
    subject: `Mofuの${plan}プランになりました`,
    heading: `${plan}プランへようこそ`,
    intro: `このMofuの運営者が、あなたのアカウントを${until === null ? '' : `${until}まで`}${plan}プランにしました。いまからそのプランのピンとフォルダーを使えます。${until === null ? '' : '終了するとフリープランに戻りますが、削除されるものはありません。'}プランの内容とピンの残りはプレミアムのページで確認できます。`,
    action: 'プレミアムのページを開く',
    notExpected:
      '心当たりがない場合は、このMofuの運営者にお問い合わせください。各ページの下にある「お問い合わせ」から連絡できます。',
  }),
}

export const JA_PARTS: MailParts = {
  // Intl puts a space between the date and the time, which Japanese text does not take.
  utcTime: (at) =>
    `${new Intl.DateTimeFormat('ja', { dateStyle: 'long', timeZone: 'UTC' }).format(at)}${new Intl.DateTimeFormat('ja', { timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`,
  // Intl writes "24 時間"; Japanese puts no space between a number and its counter.
  hours: (count) => `${count}時間`,
  device: (browser, system) => {
    const named = browser ?? '不明なブラウザ'
    return system === null ? named : `${system}の${named}`
  },
  validFor: (duration) => `このリンクの有効期限は${duration}です。`,
  buttonFallback: (validity) =>
    `${validity}ボタンが使えないときは、こちらのリンクを開いてください。`,
}
