/**
 * The id of the `<template>` in which the server names the chunks of a page behind the login (its
 * frame's page, the application): inert in the HTML, so they do not compete with the frame's first
 * paint; the entry puts them in `<head>` once that paint is done (apps/web/src/boot.ts).
 * A module of its own: the entry is the only script before a page's first paint, and imports
 * nothing else of the contract.
 */
export const APP_PRELOADS_ID = 'giot-hong-app-preloads';
