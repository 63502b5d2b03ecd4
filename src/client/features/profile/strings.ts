/**
 * The profile feature's words (docs/architecture.md "Languages"). Messages shared with the server
 * (HANDLE_MESSAGES, NAME_MESSAGES, AVATAR_MESSAGES) are shown through useMessages().
 */
export const PROFILE = {
  tryAgain: 'Try again',
  cancel: 'Cancel',
  notLoaded: 'Your profile could not be loaded.',
  loading: 'Loading your profile',
  card: {
    avatar: 'Your avatar',
    noName: 'No name yet',
    noId: 'No ID yet',
    plan: 'Plan',
    pins: 'Pins used',
    edit: 'Edit',
    publicPage: 'Public page',
  },
  editor: {
    form: 'Edit profile',
    name: 'Name',
    id: 'ID',
    freeIds: (ids: string) => `Free IDs below: ${ids}.`,
    save: 'Save',
    suggested: 'Suggested IDs',
    use: (id: string) => `Use the ID ${id}`,
  },
  avatar: {
    change: 'Change avatar',
    menu: {
      'Take Photo': 'Take Photo',
      'Choose from Library': 'Choose from Library',
      'Browse Files': 'Browse Files',
      'Reset to Default': 'Reset to Default',
    },
    uploading: 'Uploading avatar',
    notSaved: 'The avatar could not be saved.',
    dropped: 'The connection dropped. Please try again.',
    takePhoto: 'Take a photo',
    preview: 'Camera preview',
    capture: 'Capture',
    cameraDenied:
      'Mofu may not use the camera: permission was denied. You can choose a file instead.',
    noCamera: 'No camera was found on this device. You can choose a file instead.',
    cameraFailed: 'The camera could not be started. You can choose a file instead.',
    crop: 'Crop your avatar',
    zoom: 'Zoom',
    ok: 'OK',
  },
  public: {
    loading: 'Loading profile',
    notLoaded: 'This profile could not be loaded. Please try again.',
    onMofu: (handle: string) => `${handle} on Mofu`,
    pronouns: 'Pronouns: ',
    about: 'About',
    links: 'Links',
    newTab: ' (opens in a new tab)',
  },
}
