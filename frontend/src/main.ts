import { mount } from 'svelte';
import './app.css';
import App from './App.svelte';
import { frontendReady } from './api';
import { setLanguage } from './i18n/index.svelte';

const target = document.getElementById('app');
if (!target) throw new Error('index.html lacks the #app element');

// The desktop's language until the settings, which may choose another, are read.
setLanguage('');
const app = mount(App, { target });

// Tell Go when the first screen has been painted (for the start-up figure).
requestAnimationFrame(() => requestAnimationFrame(() => frontendReady()));

export default app;
