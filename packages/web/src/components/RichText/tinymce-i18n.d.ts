/** Community language packs: plain scripts that call tinymce.addI18n; nothing is exported. */
declare module 'tinymce-i18n/langs8/*';
