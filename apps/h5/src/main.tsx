import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
// antd-mobile's theme variables (colours, font sizes): its components are imported one by one,
// and only its global entry defines them (without it a primary button's text had no colour).
import 'antd-mobile/es/global';
import './app/global.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
