// The profile photo's texts (profile page, header avatar), loaded with the
// components that show them, like the bell's and the remotes' own catalogs.
export const en = {
  profilePhoto: {
    title: 'Profile photo',
    hint: 'JPEG, PNG or WebP, up to {{size}}. It is resized and its camera data removed.',
    current: 'Your profile photo',
    none: 'No photo yet: your initials are shown',
    altOf: 'Profile photo of {{name}}',
    upload: 'Upload photo',
    uploading: 'Uploading…',
    uploaded: 'Your photo is saved.',
    remove: 'Remove photo',
    removing: 'Removing…',
    removed: 'Your photo is removed.',
    confirmTitle: 'Remove your profile photo?',
    confirmBody: 'The photo is deleted and your initials are shown instead.',
    keep: 'Keep photo',
    tooLarge: 'This photo is larger than {{size}}. Choose a smaller one.',
    wrongType: 'Choose a JPEG, PNG or WebP image.',
    unreadable: 'This image could not be read. It may be damaged; try another one.',
  },
};

export type ProfilePhotoCatalog = typeof en;
