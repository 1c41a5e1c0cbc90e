export { default } from 'i18next';
export { initReactI18next, useTranslation } from 'react-i18next';
