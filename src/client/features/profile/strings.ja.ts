import type { Translation } from '@client/lib/i18n/i18n'
import type { PROFILE } from './strings'

/** The Japanese of PROFILE (docs/architecture.md "Languages"), beside its English. */
export const PROFILE_JA: Translation<typeof PROFILE> = {
  tryAgain: 'もう一度試す',
  cancel: 'キャンセル',
  notLoaded: 'プロフィールを読み込めませんでした。',
  loading: 'プロフィールを読み込み中',
  card: {
    avatar: 'あなたのアバター',
    noName: '名前はまだありません',
    noId: 'IDはまだありません',
    plan: 'プラン',
    pins: '使ったピン',
    edit: '編集',
    publicPage: '公開ページ',
  },
  editor: {
    form: 'プロフィールの編集',
    name: '名前',
    id: 'ID',
    freeIds: (ids: string) => `使えるID：${ids}`,
    save: '保存',
    suggested: 'おすすめのID',
    use: (id: string) => `IDを${id}にする`,
  },
  avatar: {
    change: 'アバターを変更',
    menu: {
      'Take Photo': '写真を撮る',
      'Choose from Library': 'ライブラリから選ぶ',
      'Browse Files': 'ファイルを選ぶ',
      'Reset to Default': '標準に戻す',
    },
    uploading: 'アバターをアップロード中',
    notSaved: 'アバターを保存できませんでした。',
    dropped: '接続が切れました。もう一度お試しください。',
    takePhoto: '写真を撮る',
    preview: 'カメラのプレビュー',
    capture: '撮影',
    cameraDenied:
      'カメラの使用が許可されていないため、Mofuはカメラを使えません。代わりにファイルを選べます。',
    noCamera: 'このデバイスにはカメラが見つかりませんでした。代わりにファイルを選べます。',
    cameraFailed: 'カメラを起動できませんでした。代わりにファイルを選べます。',
    crop: 'アバターを切り抜く',
    zoom: 'ズーム',
    ok: '決定',
  },
  public: {
    loading: 'プロフィールを読み込み中',
    notLoaded: 'このプロフィールを読み込めませんでした。もう一度お試しください。',
    onMofu: (handle: string) => `Mofuの${handle}さん`,
    pronouns: '代名詞：',
    about: '自己紹介',
    links: 'リンク',
    newTab: '（新しいタブで開きます）',
  },
}
