import { reportPopupResult } from '@client/features/account/sign-in/google-popup'

// The entry of auth/popup-done.html, the Google sign-in popup's landing page.
reportPopupResult()
