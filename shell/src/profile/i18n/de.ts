import type { ProfilePhotoCatalog } from './en';

export const de: ProfilePhotoCatalog = {
  profilePhoto: {
    title: 'Profilfoto',
    hint: 'JPEG, PNG oder WebP, bis {{size}}. Es wird verkleinert und seine Kameradaten werden entfernt.',
    current: 'Ihr Profilfoto',
    none: 'Noch kein Foto: Ihre Initialen werden angezeigt',
    altOf: 'Profilfoto von {{name}}',
    upload: 'Foto hochladen',
    uploading: 'Wird hochgeladen…',
    uploaded: 'Ihr Foto ist gespeichert.',
    remove: 'Foto entfernen',
    removing: 'Wird entfernt…',
    removed: 'Ihr Foto ist entfernt.',
    confirmTitle: 'Profilfoto entfernen?',
    confirmBody: 'Das Foto wird gelöscht, stattdessen werden Ihre Initialen angezeigt.',
    keep: 'Foto behalten',
    tooLarge: 'Dieses Foto ist größer als {{size}}. Wählen Sie ein kleineres.',
    wrongType: 'Wählen Sie ein JPEG-, PNG- oder WebP-Bild.',
    unreadable: 'Dieses Bild konnte nicht gelesen werden. Es ist vielleicht beschädigt; versuchen Sie ein anderes.',
  },
};
