import type { ProfilePhotoCatalog } from './en';

export const fr: ProfilePhotoCatalog = {
  profilePhoto: {
    title: 'Photo de profil',
    hint: 'JPEG, PNG ou WebP, jusqu’à {{size}}. Elle est redimensionnée et ses données d’appareil photo sont supprimées.',
    current: 'Votre photo de profil',
    none: 'Pas encore de photo : vos initiales sont affichées',
    altOf: 'Photo de profil de {{name}}',
    upload: 'Téléverser une photo',
    uploading: 'Téléversement…',
    uploaded: 'Votre photo est enregistrée.',
    remove: 'Supprimer la photo',
    removing: 'Suppression…',
    removed: 'Votre photo est supprimée.',
    confirmTitle: 'Supprimer votre photo de profil ?',
    confirmBody: 'La photo est effacée et vos initiales sont affichées à la place.',
    keep: 'Garder la photo',
    tooLarge: 'Cette photo dépasse {{size}}. Choisissez-en une plus petite.',
    wrongType: 'Choisissez une image JPEG, PNG ou WebP.',
    unreadable: 'Cette image est illisible. Elle est peut-être endommagée ; essayez-en une autre.',
  },
};
